/**
 * What the About panel shows (spec section 1: version 0.0.0, channel production, build production).
 * `mode` is Vite's build mode ('development' under `vite dev`, 'production' in a build), shown on the dev pages.
 */
export const buildInfo = {
  version: '0.0.0',
  channel: 'production',
  build: 'production',
  mode: import.meta.env.MODE,
} as const;
