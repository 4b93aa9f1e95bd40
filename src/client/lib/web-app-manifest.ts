/** The web app manifest (src/client/public/manifest.webmanifest): name, icons and colours for 'Add to Home Screen'. */
export const WEB_APP_MANIFEST_PATH = '/manifest.webmanifest';

/**
 * Links the web app manifest once the page has loaded (ADR 005). The manifest matters only for installing the
 * app, never for drawing the page, but a `<link rel="manifest">` in the HTML makes Chromium fetch it at once, beside
 * the fonts the first paint waits for: on Lighthouse's simulated slow 4G that request alone moved the first visit's LCP
 * from 1.36 to 1.51 s. Added after the `load` event it is fetched when the line is free, and the browser's install
 * prompt reads it as it would from the HTML. Does nothing when the document already links one.
 */
export function linkManifestAfterLoad(doc: Document = document, win: Window = window): void {
  const link = () => {
    if (doc.head.querySelector('link[rel="manifest"]')) return;
    const element = doc.createElement('link');
    element.rel = 'manifest';
    element.href = WEB_APP_MANIFEST_PATH;
    doc.head.append(element);
  };
  if (doc.readyState === 'complete') link();
  else win.addEventListener('load', link, { once: true });
}
