/**
 * Entry point of the offline HTML renderer (`npm start` runs it before wrangler): LOCAL_RENDER_PORT (8793) on
 * loopback, next to 8790 (local AI), 8791 (background removal) and 8792 (local images). To move the port, set
 * LOCAL_RENDER_PORT here and LOCAL_RENDER_URL for the Worker (workers/api/.dev.vars).
 */
import { closeBrowser, recycleBrowser, warmBrowser } from './browser';
import { createRenderServer } from './server';

const HOST = '127.0.0.1';
const PORT = Number(process.env.LOCAL_RENDER_PORT ?? 8793);

const server = createRenderServer();
server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    // Another copy (a second `npm start`, or the e2e stack) already serves this port: the Worker uses that one.
    console.warn(`local-render: port ${PORT} is in use; assuming another copy serves it`);
    process.exit(0);
  }
  console.error('local-render: could not start', err);
  process.exit(1);
});
server.listen(PORT, HOST, () => {
  console.log(`local-render: listening on http://${HOST}:${PORT}`);
  // Warm the browser now so the first page does not wait for Chromium to start; a failure is reported per request.
  warmBrowser().catch(() => undefined);
});

// The last lock behind the renderer's own (ADR 0104): a page once killed this process through an unchecked promise
// inside the automation library, and every render after it was a 503 until someone restarted it. Whatever still
// slips through costs the browser, which is launched again for the next request, not the service.
process.on('unhandledRejection', (reason: unknown) => {
  console.error('local-render: unhandled rejection', reason);
  recycleBrowser('an unhandled rejection');
});

const stop = () => {
  server.close();
  void closeBrowser().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
