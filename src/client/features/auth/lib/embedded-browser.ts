/**
 * In-app browsers (the web views of social and messaging apps) from the user agent. Google refuses OAuth sign-in inside
 * embedded web views ("disallowed_useragent"), and Facebook's flow breaks in other apps' views, so the sign-in screens
 * send these visitors to the device's own browser (docs/product.md, Error messages, embedded browser rows).
 */

/** The app whose web view the page is in. */
export type EmbeddedBrowserApp =
  'instagram' | 'facebook' | 'messenger' | 'line' | 'tiktok' | 'snapchat' | 'twitter' | 'wechat' | 'linkedin';

/** The device family, to name its browser ('Safari' on iOS). */
export type DevicePlatform = 'ios' | 'android' | 'other';

/** Result of {@link detectEmbeddedBrowser}. `app` and `appName` are null when the page is in an ordinary browser. */
export interface EmbeddedBrowserInfo {
  embedded: boolean;
  app: EmbeddedBrowserApp | null;
  /** The app's name as people know it ('Instagram', 'LINE'...). */
  appName: string | null;
  platform: DevicePlatform;
}

/**
 * User-agent markers, checked in this order (Messenger before Facebook: Messenger's agent also carries FBAN/FBAV).
 * Sources: the tokens each app adds to its web view's agent (Instagram "Instagram 300.0...", Facebook "FBAN/FBIOS",
 * "FBAV/..", "FB_IAB/FB4A", Messenger "FBAN/MessengerForiOS" / "Orca-Android", LINE "Line/13.1.0", TikTok "musical_ly_...",
 * "BytedanceWebview", "TikTok", Snapchat "Snapchat/12...", X/Twitter "Twitter for iPhone" / "TwitterAndroid",
 * WeChat "MicroMessenger/8.0", LinkedIn "LinkedInApp").
 */
const MARKERS: ReadonlyArray<{ app: EmbeddedBrowserApp; name: string; pattern: RegExp }> = [
  {
    app: 'messenger',
    name: 'Messenger',
    pattern: /FBAN\/Messenger|MessengerForiOS|MessengerLiteForiOS|Orca-Android|FB_IAB\/(?:MESSENGER|Orca)/i,
  },
  { app: 'instagram', name: 'Instagram', pattern: /\bInstagram\b/i },
  { app: 'facebook', name: 'Facebook', pattern: /FBAN\/|FBAV\/|FB_IAB\/|FBIOS|FB4A|\[FB/ },
  { app: 'line', name: 'LINE', pattern: /\bLine\/\d/i },
  { app: 'tiktok', name: 'TikTok', pattern: /musical_ly|Bytedance|TikTok|\bBytedanceWebview\b/i },
  { app: 'snapchat', name: 'Snapchat', pattern: /Snapchat/i },
  { app: 'twitter', name: 'X (Twitter)', pattern: /\bTwitter(?:Android| for )/i },
  { app: 'wechat', name: 'WeChat', pattern: /MicroMessenger/i },
  { app: 'linkedin', name: 'LinkedIn', pattern: /LinkedInApp/i },
];

/** The device family from a user agent (iPadOS in desktop mode reports Macintosh and is counted as 'other'). */
export function detectPlatform(userAgent: string): DevicePlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/**
 * Tells whether `userAgent` belongs to an in-app browser (Instagram, Facebook, Messenger, LINE, TikTok, Snapchat, X/Twitter,
 * WeChat, LinkedIn). Pure; never throws; an empty or unknown agent is an ordinary browser.
 */
export function detectEmbeddedBrowser(userAgent: string | null | undefined): EmbeddedBrowserInfo {
  const ua = userAgent ?? '';
  const platform = detectPlatform(ua);
  for (const marker of MARKERS) {
    if (marker.pattern.test(ua)) return { embedded: true, app: marker.app, appName: marker.name, platform };
  }
  return { embedded: false, app: null, appName: null, platform };
}

/** The name of the device's own browser to send people to: 'Safari' on iOS, 'your browser' elsewhere. */
export function systemBrowserName(platform: DevicePlatform): string {
  return platform === 'ios' ? 'Safari' : 'your browser';
}

/** {@link detectEmbeddedBrowser} for this page's `navigator.userAgent` (an ordinary browser outside a browser). */
export function currentEmbeddedBrowser(): EmbeddedBrowserInfo {
  return detectEmbeddedBrowser(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
