/**
 * NETWORK_PROBE, a Node-side service for the workerd tests (bound in vitest.config.ts): a real HTTP server on
 * loopback that records every request it gets. A rendered page that reaches its address has reached the network.
 * `GET /url` → its address, `GET /hits` → the paths requested so far.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Response, type Request } from 'miniflare';

const hits: string[] = [];
let address: Promise<string> | null = null;

function listen(): Promise<string> {
  address ??= new Promise((resolve) => {
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      // A stylesheet that would paint the page red, had it arrived.
      res.writeHead(200, { 'content-type': 'text/css' }).end('html,body{background:#ff0000 !important}');
    });
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return address;
}

export async function networkProbeService(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === '/url') return Response.json({ url: await listen() });
  if (pathname === '/hits') return Response.json({ hits });
  return new Response('no such probe route', { status: 404 });
}
