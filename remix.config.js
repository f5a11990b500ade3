/**
 * Remix v2, classic compiler, for Cloudflare Pages (see docs/decisions/0001-remix-classic-on-pages.md).
 * The server build becomes the Pages Function `functions/_middleware.js` (a root middleware runs for every path,
 * one with an empty segment such as /api//health included, which a `[[path]]` route does not match: ADR 0001);
 * static assets go to public/build.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.*'],
  server: './server.ts',
  serverBuildPath: 'functions/_middleware.js',
  serverConditions: ['workerd', 'worker', 'browser'],
  serverDependenciesToBundle: 'all',
  serverMainFields: ['browser', 'module', 'main'],
  serverMinify: true,
  serverModuleFormat: 'esm',
  serverPlatform: 'neutral',
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
