/**
 * The site's own static files for the Worker's outbound fetch in tests: in production Pages serves public/ at the
 * site's configured origin (SITE_ORIGIN, ADR 0155), and the meme renderer reads a drawn template's picture from there
 * (routes/memes-render.ts). The tests' SITE_ORIGIN is http://local (vitest.config.ts), so a GET of
 * http://local/templates/… is answered from public/ (written by `npm run build`, which `npm test` runs first);
 * everything else goes to the handler it wraps.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export function withSiteFiles(
  publicDir: string,
  inner: { node: NodeHandler },
): { node: (req: IncomingMessage, res: ServerResponse) => Promise<void> } {
  const root = resolve(publicDir);
  return {
    async node(req, res) {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'unknown'}`);
      if (url.hostname !== 'local' || !url.pathname.startsWith('/templates/')) {
        await inner.node(req, res);
        return;
      }
      const file = resolve(root, `.${decodeURIComponent(url.pathname)}`);
      const bytes = file.startsWith(root + '/') ? await readFile(file).catch(() => null) : null;
      if (!bytes) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res
        .writeHead(200, {
          'content-type': url.pathname.endsWith('.gif') ? 'image/gif' : 'image/png',
          'content-length': String(bytes.length),
        })
        .end(bytes);
    },
  };
}
