/**
 * The editor route imports fabric through this module so that Remix lists the canvas chunk with the route's
 * modulepreloads: fabric downloads in parallel with the rest of the route instead of after hydration. The `.client`
 * suffix makes the server build an empty module, so fabric never runs (or ships) on the server.
 */
export { MemeCanvas } from './meme-canvas';
export { MotionPlayer } from './motion-player';
