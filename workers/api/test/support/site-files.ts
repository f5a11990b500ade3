/**
 * The site's own static files for the Worker's outbound fetch in tests: in production Pages serves public/ at the
 * same origin as /api (ADR 0001), and the meme renderer reads a drawn template's picture from there
 * (routes/memes-render.ts). Worker tests call the API at http://local, so a GET of http://local/templates/… or /fonts/… is
 * answered from public/ (written by `npm run build`, which `npm test` runs first); everything else goes to
 * the handler it wraps.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function withSiteFiles(publicDir: string, inner: { node: NodeHandler }): { node: (req: IncomingMessage, res: ServerResponse) => Promise<void> } {
  const root = resolve(publicDir);
  return {
    async node(req, res) {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'unknown'}`);
      if (url.hostname !== 'local' || !/^\/(templates|fonts)\//.test(url.pathname)) {
        await inner.node(req, res);
        return;
      }
      const file = resolve(root, `.${decodeURIComponent(url.pathname)}`);
      const bytes = file.startsWith(root + '/') ? await readFile(file).catch(() => null) : null;
      if (!bytes) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      const type = url.pathname.endsWith('.woff') ? 'font/woff' : 'image/png';
      res.writeHead(200, { 'content-type': type, 'content-length': String(bytes.length) }).end(bytes);
    },
  };
}
