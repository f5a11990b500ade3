/**
 * `npm run smoke -- <url>`: asks a running copy of Memeforge (production, staging, or `npm start` at
 * http://127.0.0.1:8788) the questions of scripts/smoke/checks.ts and people.ts, prints one table row per check and
 * exits 1 when any failed, 2 when the URL is not a site at all. Run it after every deploy (docs/deploy.md); `npm test` runs it
 * against its own `npm start` (e2e/smoke.spec.ts), so the script itself is tested.
 */
import './lib/require-node-22';
import { Failed, type Answer, type Client, type Found } from './smoke/answer';
import { CHECKS } from './smoke/checks';

/** A client that keeps the visitor cookie the site sets, as a browser would, so every check is one visitor. */
function clientFor(base: string): Client {
  const cookies = new Map<string, string>();
  return {
    base,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
      const res = await fetch(new URL(path, base), {
        ...init,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = () => new TextDecoder().decode(bytes);
      const answer: Answer = {
        status: res.status,
        headers: res.headers,
        bytes,
        text,
        json: <T>() => JSON.parse(text()) as T,
      };
      return answer;
    },
  };
}

interface Row {
  check: string;
  ok: boolean;
  ms: number;
  billed: string;
  detail: string;
}

function table(rows: Row[]): string {
  const head: Row = { check: 'check', ok: true, ms: 0, billed: 'billed', detail: 'detail' };
  const cells = (r: Row, header = false) => [
    r.check,
    header ? 'result' : r.ok ? 'PASS' : 'FAIL',
    header ? 'time' : `${(r.ms / 1000).toFixed(1)} s`,
    r.billed,
    r.detail,
  ];
  const all = [cells(head, true), ...rows.map((r) => cells(r))];
  const widths = all[0]!.map((_, i) => Math.max(...all.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]!))).join('  ');
  return [line(all[0]!), widths.map((w) => '-'.repeat(Math.min(w, 60))).join('  '), ...all.slice(1).map(line)].join(
    '\n',
  );
}

async function main(): Promise<number> {
  const target = (process.argv as string[]).slice(2).find((a) => !a.startsWith('-'));
  if (!target || !/^https?:\/\/[^/]+/.test(target)) {
    console.error('Usage: npm run smoke -- <url of a running copy>, e.g. npm run smoke -- http://127.0.0.1:8788');
    return 2;
  }
  const base = new URL(target).origin;
  const client = clientFor(base);
  try {
    await client.request('/');
  } catch (err) {
    console.error(
      `${base} does not answer (${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}). Is the copy running and the address right?`,
    );
    return 2;
  }
  console.log(`Smoke test of ${base}\n`);
  const rows: Row[] = [];
  const found: Found = {};
  for (const check of CHECKS) {
    const started = Date.now();
    try {
      const outcome = await check.run(client, found);
      rows.push({
        check: check.name,
        ok: true,
        ms: Date.now() - started,
        billed: outcome.billed === undefined ? '' : String(outcome.billed),
        detail: outcome.detail,
      });
    } catch (err) {
      const detail =
        err instanceof Failed ? err.message : `could not run: ${err instanceof Error ? err.message : String(err)}`;
      rows.push({ check: check.name, ok: false, ms: Date.now() - started, billed: '', detail });
    }
  }
  console.log(table(rows));
  const failed = rows.filter((r) => !r.ok).length;
  console.log(`\n${rows.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
