/**
 * The files Cloudflare Pages serves without running the Pages Function (the paths `public/_routes.json` excludes:
 * the build's hashed scripts and styles, fonts, template pictures, the favicon), answered by the local stack's front
 * door straight from `public/`, with the headers Pages gives a static asset and those `public/_headers` adds
 * (https://developers.cloudflare.com/pages/configuration/headers/). Through `wrangler pages dev` each of these cost
 * 10–16 ms of CPU — wrangler's Node reads the file and hands it through its proxy Worker and the Pages router in two
 * workerd processes — and a page loads 20–35 of them (ADR 0200).
 * Anything this cannot answer as Pages would goes on to wrangler as before: a path outside the excluded ones, a file
 * that does not exist (wrangler answers the 404), a directory, a type not listed below, a method other than GET or
 * HEAD, a Range request.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** One rule of a `_headers` file: a path pattern and the headers it attaches, in file order. */
export interface HeaderRule {
  pattern: RegExp;
  headers: [name: string, value: string][];
}

/** A Pages path pattern (`/build/*`, `/favicon.svg`) as an anchored expression; `*` matches anything, `/` included. */
export function pathPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${escaped}$`);
}

/**
 * Reads a `_headers` file: a line at the margin names a path pattern, indented `Name: value` lines attach headers to
 * it, `#` starts a comment. Absolute-URL rules and detach lines (`! Name`) are not used by this site and are refused,
 * so a rule this reader would get wrong cannot be added silently.
 */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const where = `_headers line ${index + 1}`;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/')) throw new Error(`${where}: only site paths are supported, not "${line}"`);
      rules.push({ pattern: pathPattern(line.trim()), headers: [] });
      continue;
    }
    const header = /^\s+([A-Za-z0-9-]+):\s*(.*?)\s*$/.exec(line);
    const rule = rules.at(-1);
    if (!header || !rule) throw new Error(`${where}: expected "Name: value" under a path, not "${line.trim()}"`);
    rule.headers.push([header[1]!, header[2]!]);
  }
  return rules;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The headers Pages sends with a static asset before `_headers` has its say. */
const PAGES_DEFAULTS: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Cache-Control', 'public, max-age=0, must-revalidate'],
];

/** The answer's headers: Pages' defaults, then every matching rule's, a rule's value replacing the default's and
 * joining (with ", ") another rule's for the same name, as the Pages documentation describes. */
export function assetHeaders(path: string, rules: HeaderRule[]): Record<string, string> {
  const defaults = new Map(PAGES_DEFAULTS.map(([name, value]) => [name.toLowerCase(), { name, value }]));
  const fromRules = new Map<string, { name: string; value: string }>();
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const earlier = fromRules.get(key);
      fromRules.set(key, { name, value: earlier ? `${earlier.value}, ${value}` : value });
    }
  }
  const out: Record<string, string> = {};
  for (const [key, header] of defaults) if (!fromRules.has(key)) out[header.name] = header.value;
  for (const header of fromRules.values()) out[header.name] = header.value;
  return out;
}

interface Cached {
  mtimeMs: number;
  size: number;
  bytes: Buffer;
  etag: string;
}

/**
 * A handler for the front door: answers a request for a static file of `root` and returns true, or returns false
 * and leaves the request untouched for wrangler. The files are read once and kept while their size and time stay.
 */
export function staticAssets(root: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const base = resolve(root);
  const rules = parseHeadersFile(readFileSync(join(base, '_headers'), 'utf8'));
  const { exclude = [] } = JSON.parse(readFileSync(join(base, '_routes.json'), 'utf8')) as { exclude?: string[] };
  const staticPaths = exclude.map(pathPattern);
  const cache = new Map<string, Cached>();

  return (req, res) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const url = req.url ?? '/';
    const rawPath = url.split('?')[0]!;
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return false;
    }
    if (!staticPaths.some((p) => p.test(path)) || path.includes('\0') || path.split('/').includes('..')) return false;
    const file = join(base, path);
    if (!file.startsWith(base + sep)) return false;
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(file);
    } catch {
      return false;
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()];
    if (!stat.isFile() || !type) return false;
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
      const bytes = readFileSync(file);
      entry = {
        mtimeMs: stat.mtimeMs,
        size: stat.size,
        bytes,
        etag: `"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`,
      };
      cache.set(file, entry);
    }
    const headers = assetHeaders(path, rules);
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, { ...headers, ETag: entry.etag });
      res.end();
      return true;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': String(entry.bytes.length),
      ETag: entry.etag,
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : entry.bytes);
    return true;
  };
}
