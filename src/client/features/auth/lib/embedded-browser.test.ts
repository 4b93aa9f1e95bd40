import { describe, expect, it } from 'vitest';
import { detectEmbeddedBrowser, systemBrowserName } from './embedded-browser';

/** Real-shaped user agents of in-app browsers and ordinary browsers. */
const AGENTS = {
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.0.35.91 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 590233461)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/452.0.0.41.109;FBBV/571893617;FBDV/iPhone14,2;FBMD/iPhone;FBSN/iOS;FBSV/17.3;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/446.0.0.30.108;]',
  messengerIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/434.0.0.28.115;FBBV/522883185;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS]',
  messengerAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/438.0.0.33.118;]',
  line: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0',
  tiktok:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_32.9.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/118.0.0.0 Mobile Safari/537.36 trill_2023205030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/32.5.3 ByteLocale/en BytedanceWebview/d8a21c6',
  snapchat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.60.0.44 (like Safari/8617.1.17.10.9, panda)',
  twitterIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.1',
  twitterAndroid:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 TwitterAndroid',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.34(0x18002231) NetType/WIFI Language/zh_CN',
  linkedin:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.29.6460',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.80 Mobile Safari/537.36',
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0.2420.65',
};

describe('detectEmbeddedBrowser', () => {
  it.each([
    ['instagramIos', 'instagram', 'Instagram', 'ios'],
    ['facebookIos', 'facebook', 'Facebook', 'ios'],
    ['facebookAndroid', 'facebook', 'Facebook', 'android'],
    ['messengerIos', 'messenger', 'Messenger', 'ios'],
    ['messengerAndroid', 'messenger', 'Messenger', 'android'],
    ['line', 'line', 'LINE', 'ios'],
    ['tiktok', 'tiktok', 'TikTok', 'ios'],
    ['tiktokAndroid', 'tiktok', 'TikTok', 'android'],
    ['snapchat', 'snapchat', 'Snapchat', 'ios'],
    ['twitterIos', 'twitter', 'X (Twitter)', 'ios'],
    ['twitterAndroid', 'twitter', 'X (Twitter)', 'android'],
    ['wechat', 'wechat', 'WeChat', 'ios'],
    ['linkedin', 'linkedin', 'LinkedIn', 'ios'],
  ] as const)('recognises %s as an in-app browser', (agent, app, appName, platform) => {
    expect(detectEmbeddedBrowser(AGENTS[agent])).toEqual({ embedded: true, app, appName, platform });
  });

  it.each(['safariIos', 'chromeAndroid', 'chromeDesktop', 'firefoxDesktop', 'edgeDesktop'] as const)(
    'leaves the ordinary browser %s alone',
    (agent) => {
      const result = detectEmbeddedBrowser(AGENTS[agent]);
      expect(result.embedded).toBe(false);
      expect(result.app).toBeNull();
    },
  );

  it('treats a missing or empty agent as an ordinary browser', () => {
    expect(detectEmbeddedBrowser('')).toEqual({ embedded: false, app: null, appName: null, platform: 'other' });
    expect(detectEmbeddedBrowser(undefined).embedded).toBe(false);
    expect(detectEmbeddedBrowser(null).embedded).toBe(false);
  });

  it('does not mistake words that merely contain an app name', () => {
    expect(detectEmbeddedBrowser('Mozilla/5.0 (X11; Linux) Chrome/120 Safari/537.36 Lineage/1').embedded).toBe(false);
    expect(detectEmbeddedBrowser('Mozilla/5.0 Chrome/120 Twitterbot-free/1').embedded).toBe(false);
  });

  it('names the system browser: Safari on iOS, "your browser" elsewhere', () => {
    expect(systemBrowserName(detectEmbeddedBrowser(AGENTS.instagramIos).platform)).toBe('Safari');
    expect(systemBrowserName(detectEmbeddedBrowser(AGENTS.facebookAndroid).platform)).toBe('your browser');
  });
});
