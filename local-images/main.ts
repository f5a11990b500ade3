/** Entry point of the offline image service (`npm start` runs it before wrangler): LOCAL_IMAGE_PORT (8791) on loopback. */
import { createImageServer } from './server';

const HOST = '127.0.0.1';
const PORT = Number(process.env.LOCAL_IMAGE_PORT ?? 8791);

const server = createImageServer();
server.on('error', (err: NodeJS.ErrnoException) => {
  // Another copy (e.g. a second `npm start`) already serves this port: the Worker will use that one.
  console.warn(err.code === 'EADDRINUSE' ? `local-images: port ${PORT} is in use; assuming another copy serves it` : err);
  process.exit(0);
});
server.listen(PORT, HOST, () => console.log(`local-images: listening on http://${HOST}:${PORT}`));

const stop = () => {
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
