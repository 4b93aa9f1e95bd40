/**
 * The native iOS wrapper exposes WKWebView script message handlers at `window.webkit.messageHandlers.<name>`.
 * These helpers post to them when present and do nothing in a plain browser.
 */

interface WebkitMessageHandler {
  postMessage: (message: unknown) => void;
}

declare global {
  interface Window {
    /** Present inside the iOS app's WKWebView. */
    webkit?: { messageHandlers?: Record<string, WebkitMessageHandler | undefined> };
  }
}

/** True when the native handler `name` (e.g. 'analytics') is available. */
export function hasNativeHandler(name: string): boolean {
  return typeof window !== 'undefined' && typeof window.webkit?.messageHandlers?.[name]?.postMessage === 'function';
}

/**
 * Posts `message` to the native handler `name`.
 * @returns true when a handler took the message; false when there is none or it threw (never throws).
 */
export function postToNative(name: string, message: unknown): boolean {
  try {
    const handler = typeof window === 'undefined' ? undefined : window.webkit?.messageHandlers?.[name];
    if (!handler || typeof handler.postMessage !== 'function') return false;
    handler.postMessage(message);
    return true;
  } catch {
    return false;
  }
}
