/**
 * NETWORK_PROBE, a Node-side service for the workerd tests (bound in vitest.config.ts): a real HTTP server on
 * loopback that records every request it gets, and a UDP socket that counts every datagram (WebRTC's STUN and TURN
 * are UDP, past any HTTP lock). A rendered page that reaches either has reached the network.
 * `GET /url` → the HTTP address, `GET /udp` → the UDP port, `GET /hits` → the paths requested and datagrams so far.
 */
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Response, type Request } from 'miniflare';

const hits: string[] = [];
let datagrams = 0;
let address: Promise<string> | null = null;
let udpPort: Promise<number> | null = null;

function bindUdp(): Promise<number> {
  udpPort ??= new Promise((resolve) => {
    const socket = createSocket('udp4');
    socket.on('message', () => datagrams++);
    socket.bind(0, '127.0.0.1', () => resolve(socket.address().port));
    socket.unref();
  });
  return udpPort;
}

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
  if (pathname === '/udp') return Response.json({ port: await bindUdp() });
  if (pathname === '/hits') return Response.json({ hits, datagrams });
  return new Response('no such probe route', { status: 404 });
}
