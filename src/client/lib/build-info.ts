/**
 * What the About panel shows (docs/product.md, What Barback is: version 0.0.0, channel production, build production),
 * fixed at build time by vite.config.ts: `version` is package.json's (or APP_VERSION), `channel` the release channel
 * (RELEASE_CHANNEL, default 'production'), `build` Vite's build mode ('production' in a build, 'development' under
 * `vite dev`), and `commit` the build id (BUILD_ID or the short git commit; '' when unknown).
 */
export const buildInfo = {
  version: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.0.0',
  channel: (import.meta.env.VITE_RELEASE_CHANNEL as string | undefined) ?? 'production',
  build: import.meta.env.MODE,
  commit: (import.meta.env.VITE_BUILD_ID as string | undefined) ?? '',
  mode: import.meta.env.MODE,
} as const;
