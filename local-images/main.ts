/**
 * Entry point of the offline image service (`npm start` runs it before wrangler): LOCAL_IMAGE_PORT (8792) on
 * loopback. 8791 belongs to the background-removal program. To move the port, set LOCAL_IMAGE_PORT here and
 * LOCAL_IMAGE_URL for the Worker (workers/api/.dev.vars).
 */
import { createImageServer } from './server';

const HOST = '127.0.0.1';
const PORT = Number(process.env.LOCAL_IMAGE_PORT ?? 8792);

const server = createImageServer();
server.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EADDRINUSE') {
    // Another copy (e.g. a second `npm start`, or the e2e stack) already serves this port: the Worker uses that one.
    console.warn(`local-images: port ${PORT} is in use; assuming another copy serves it`);
    process.exit(0);
  }
  console.error('local-images: could not start', err);
  process.exit(1);
});
server.listen(PORT, HOST, () => console.log(`local-images: listening on http://${HOST}:${PORT}`));

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
