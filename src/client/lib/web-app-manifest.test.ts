// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkManifestAfterLoad, WEB_APP_MANIFEST_PATH } from './web-app-manifest';

const manifestLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')];

describe('linkManifestAfterLoad', () => {
  afterEach(() => {
    for (const link of manifestLinks()) link.remove();
    vi.restoreAllMocks();
  });

  it('links the manifest only after the load event, once', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    linkManifestAfterLoad();
    expect(manifestLinks()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(manifestLinks().map((link) => link.getAttribute('href'))).toEqual([WEB_APP_MANIFEST_PATH]);
    window.dispatchEvent(new Event('load'));
    expect(manifestLinks()).toHaveLength(1);
  });

  it('links it at once when the page has already loaded, and never twice', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    linkManifestAfterLoad();
    linkManifestAfterLoad();
    expect(manifestLinks().map((link) => link.getAttribute('href'))).toEqual([WEB_APP_MANIFEST_PATH]);
  });
});
