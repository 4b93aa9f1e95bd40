/**
 * Leaving the app for a provider, opening a page in another tab, closing a sign-in popup: the few browser navigations the
 * sign-in flows make, behind one object so tests can watch them (jsdom cannot navigate away).
 */
export const browserNavigation = {
  /** Loads `url` in this tab (a provider's authorize page). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * Opens `url` in a new tab or window (the system browser, from most in-app browsers).
   * @returns false when the browser blocked it.
   */
  openInNewTab(url: string): boolean {
    return window.open(url, '_blank', 'noopener,noreferrer') !== null;
  },
  /** True when this page was opened as a popup by a page of this app that is still open. */
  isPopup(): boolean {
    try {
      return window.opener !== null && window.opener !== window && !(window.opener as Window).closed;
    } catch {
      return false;
    }
  },
  /** Tells the opener (same origin only) that sign-in finished, then closes this popup. */
  closePopup(message?: unknown): void {
    try {
      if (message !== undefined) (window.opener as Window | null)?.postMessage(message, window.location.origin);
    } catch {
      // The opener went away or is on another origin: closing is all that is left.
    }
    window.close();
  },
};
