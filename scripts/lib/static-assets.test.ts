/**
 * The front door's static files (ADR 0200): what it answers itself, with Pages' headers and the `_headers` rules, and
 * what it leaves to wrangler (false, nothing written).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetHeaders, parseHeadersFile, staticAssets } from './static-assets';

describe('parseHeadersFile and assetHeaders', () => {
  const rules = parseHeadersFile(
    '# site-wide\n/*\n  X-Frame-Options: DENY\n\n/build/*\n  Cache-Control: public, max-age=31536000, immutable\n' +
      '/build/*.js\n  Link: </a>\n/*.js\n  Link: </b>\n',
  );

  it('applies every matching rule, a rule replacing Pages’ default and two rules joining with a comma', () => {
    expect(assetHeaders('/build/app.js', rules)).toEqual({
      'Access-Control-Allow-Origin': '*',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Link: '</a>, </b>',
    });
    expect(assetHeaders('/favicon.svg', rules)).toEqual({
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'X-Frame-Options': 'DENY',
    });
  });

  it('refuses what it would read wrongly: absolute URLs, detach lines, a header with no path', () => {
    expect(() => parseHeadersFile('https://example.com/*\n  X-A: 1\n')).toThrow(/line 1: only site paths/);
    expect(() => parseHeadersFile('/*\n  ! X-Frame-Options\n')).toThrow(/line 2/);
    expect(() => parseHeadersFile('  X-A: 1\n')).toThrow(/line 1/);
  });
});

describe('staticAssets in front of a server', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'static-assets-'));
    mkdirSync(join(dir, 'build', 'sub'), { recursive: true });
    writeFileSync(
      join(dir, '_headers'),
      '/*\n  X-Content-Type-Options: nosniff\n/build/*\n  Cache-Control: immutable\n',
    );
    writeFileSync(join(dir, '_routes.json'), JSON.stringify({ include: ['/*'], exclude: ['/build/*', '/icon.svg'] }));
    writeFileSync(join(dir, 'build', 'app.js'), 'console.log(1);');
    writeFileSync(join(dir, 'build', 'odd.xyz'), 'x');
    writeFileSync(join(dir, 'icon.svg'), '<svg/>');
    writeFileSync(join(dir, 'page.js'), 'not static');
    writeFileSync(join(dir, 'secret.txt'), 'outside the static paths');
    const serve = staticAssets(dir);
    server = createServer((req, res) => {
      if (serve(req, res)) return;
      res.writeHead(299, { 'x-upstream': 'yes' });
      res.end('to wrangler');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an excluded file with its bytes, type, a strong ETag and the rules’ headers; HEAD has no body', async () => {
    const res = await fetch(`${base}/build/app.js?v=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1);');
    expect(res.headers.get('content-type')).toBe('application/javascript');
    expect(res.headers.get('cache-control')).toBe('immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    const head = await fetch(`${base}/icon.svg`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), head.headers.get('content-length')]).toEqual([
      200,
      'image/svg+xml',
      '6',
    ]);
    expect(head.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('answers 304 to the ETag it gave, and reads a file again when it changes', async () => {
    const etag = (await fetch(`${base}/icon.svg`)).headers.get('etag')!;
    const again = await fetch(`${base}/icon.svg`, { headers: { 'if-none-match': etag } });
    expect([again.status, await again.text(), again.headers.get('etag')]).toEqual([304, '', etag]);
    writeFileSync(join(dir, 'icon.svg'), '<svg width="2"/>');
    const changed = await fetch(`${base}/icon.svg`, { headers: { 'if-none-match': etag } });
    expect([changed.status, await changed.text()]).toEqual([200, '<svg width="2"/>']);
  });

  it('leaves to wrangler what Pages would not serve as a static file, or what it cannot answer as Pages would', async () => {
    const upstream = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${base}${path}`, init);
      return res.headers.get('x-upstream') === 'yes' && res.status === 299;
    };
    expect(await upstream('/page.js')).toBe(true); // not an excluded path: the Function answers it
    expect(await upstream('/secret.txt')).toBe(true);
    expect(await upstream('/build/missing.js')).toBe(true); // the 404 is wrangler's
    expect(await upstream('/build/sub')).toBe(true); // a directory
    expect(await upstream('/build/odd.xyz')).toBe(true); // a type this does not know
    expect(await upstream('/build/%2e%2e/secret.txt')).toBe(true); // climbing out
    expect(await upstream('/build/%E0%A4%A')).toBe(true); // not decodable
    expect(await upstream('/build/app.js', { method: 'POST', body: 'x' })).toBe(true);
    expect(await upstream('/build/app.js', { headers: { range: 'bytes=0-3' } })).toBe(true);
  });
});
