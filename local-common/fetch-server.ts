/**
 * A Node HTTP server that hands every request to a fetch-style handler (Request → Response), so the offline
 * services (local-images/, local-render/) are written against the same web API the Worker uses and can be bound
 * in-process by the Worker tests. A handler that throws ends the connection; handlers answer their own errors.
 */
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';

export function fetchServer(handle: (request: Request) => Promise<Response>): Server {
  return createServer((req, res) => {
    const body =
      req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    const request = new Request(`http://local${req.url ?? '/'}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body,
      duplex: 'half',
    } as RequestInit);
    handle(request)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
}
