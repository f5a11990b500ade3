/**
 * `npx tsx bench/health-latency.ts [--api URL] [--seconds N] [--concurrency N] [--each] [--only name,name]`
 *
 * How long `/api/health` waits while the heaviest inputs the API accepts are being processed (ADR 0122): a Worker
 * isolate runs one JS thread, so a request that decodes or searches without giving the event loop a turn holds every
 * other request on that isolate. The bench polls `/api/health` every 100 ms (a new request each time, whether or not
 * the last one answered) in two phases of the same run, on the same stack:
 * - `quiet`: heavy inputs off; the peer every ratio is taken against;
 * - `heavy`: the heavy jobs below at `--concurrency` (default 3) for `--seconds` (default 60).
 * It prints worst, p99 and p50 health latency of each phase (goal: worst ≤ 1 s under load) with the heavy/quiet
 * ratios. `/api/health` also waits for its dependency checks (up to 2 s each, ADR 0117), so a second probe, a GET of
 * a path the router answers 404 without any I/O, shows the isolate's own wait apart from them. Then every job's
 * statuses and times, and counts the answers that are the dev server's rather than the API's: a 5xx that is not our
 * JSON, or the local front door's `api_unavailable` (its words for wrangler's plain-text "worker restarted", ADR
 * 0122). `--each` also runs every job alone first, so the worst wait can be pinned on one input.
 *
 * Without `--api` it starts a fresh local stack (scripts/lib/stack.ts) on HEALTH_BENCH_PORT (default 8840) and stops
 * it after. Loopback only; bounded by time. The inputs are made here (sharp, zlib) or read from ../shared/corpus
 * (its camera JPEGs; the corpus job is skipped, and says so, where the folder is absent).
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { startStack, type Stack } from '../scripts/lib/stack';

const { values } = parseArgs({
  options: {
    api: { type: 'string' },
    seconds: { type: 'string' },
    concurrency: { type: 'string' },
    each: { type: 'boolean' },
    only: { type: 'string' },
    quiet: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds ?? 60);
const QUIET_SECONDS = Number(values.quiet ?? Math.min(20, SECONDS));
const CONCURRENCY = Number(values.concurrency ?? 3);
const POLL_MS = 100;
const GOAL_MS = 1000;
/** A request that takes longer than this is counted as failed (and the run goes on). */
const REQUEST_TIMEOUT_MS = 120_000;
const CORPUS = resolve('../shared/corpus');

// --- inputs ------------------------------------------------------------------------------------------------------

/** A photo-like picture (gradients, discs, fine texture and noise): what cameras give encoders and judges to chew on. */
function photoPixels(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) / 65536;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = 12 * Math.sin(x * 0.21 + Math.sin(y * 0.037) * 3) * Math.cos(y * 0.17);
      const n = (rand() - 0.5) * 14;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, 60 + (150 * x) / width + t + n));
      data[i + 1] = Math.max(0, Math.min(255, 80 + (120 * y) / height + t + n));
      data[i + 2] = Math.max(0, Math.min(255, 160 - (100 * x * y) / (width * height) + t + n));
    }
  }
  return data;
}

const photo = (width: number, height: number, seed = 7) =>
  sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } });

/** PNG chunk with its CRC (zlib's crc32 is in node:zlib from Node 22). */
async function pngChunk(type: string, data: Uint8Array): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 7000 × 7000 RGBA PNG of zeros: about 190 KB that inflates to 196 MB (49 MP, under the 50 MP limit): the red
 * team's bomb. Its rows are written with filter 0 and deflated at level 9.
 */
async function zeroPngBomb(side = 7000): Promise<Buffer> {
  const raw = Buffer.alloc((side * 4 + 1) * side);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    await pngChunk('IHDR', ihdr),
    await pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    await pngChunk('IEND', new Uint8Array()),
  ]);
}

async function cameraJpegs(): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = join(CORPUS, 'exif/jpg/gps');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => /\.jpe?g$/i.test(n)).sort();
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(dir, name)) })));
}

// --- requests ----------------------------------------------------------------------------------------------------

interface Answer {
  job: string;
  route: string;
  status: number;
  ms: number;
  /**
   * The dev server's answer, not the API's: a 5xx whose body is not our JSON {error, code}, or the front door's
   * `api_unavailable` (wrangler lost the Worker mid-request; scripts/lib/front-door.ts).
   */
  foreign5xx: boolean;
  body: string;
}

let base = '';

async function post(
  job: string,
  route: string,
  image: Uint8Array,
  fields: Record<string, string>,
  name = 'input.bin',
): Promise<Answer & { json?: Record<string, unknown> }> {
  const form = new FormData();
  form.append('image', new File([image as Uint8Array<ArrayBuffer>], name, { type: 'application/octet-stream' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/${route}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    const ours =
      json && typeof json.error === 'string' && typeof json.code === 'string' && json.code !== 'api_unavailable';
    const foreign5xx = res.status >= 500 && !ours;
    return {
      job,
      route,
      status: res.status,
      ms: performance.now() - started,
      foreign5xx,
      body: body.slice(0, 200),
      json,
    };
  } catch (err) {
    return { job, route, status: 0, ms: performance.now() - started, foreign5xx: false, body: String(err) };
  }
}

type Job = { name: string; run: () => Promise<Answer[]> };

async function buildJobs(): Promise<Job[]> {
  const [photo12, bomb, webp12, tiff5, png5, cameras] = await Promise.all([
    photo(4000, 3000).jpeg({ quality: 92, chromaSubsampling: '4:2:0' }).toBuffer(),
    zeroPngBomb(),
    photo(4000, 3000, 11).webp({ quality: 90 }).toBuffer(),
    // Within the isolate's 5 MP budget: decoded in JS by utif2 (TIFF) or in WASM (PNG), not by the image service.
    photo(2500, 2000, 13).tiff({ compression: 'lzw' }).toBuffer(),
    // Under the 10 MB upload limit: little noise, so the file stays small while the decode is as large.
    sharp(
      photoPixels(2500, 2000, 17).map((v) => v & 0xf8),
      { raw: { width: 2500, height: 2000, channels: 3 } },
    )
      .png({ compressionLevel: 9 })
      .toBuffer(),
    cameraJpegs(),
  ]);
  console.log(
    `inputs: 12 MP JPEG ${kb(photo12)}, zero PNG bomb 7000×7000 ${kb(bomb)}, 12 MP WebP ${kb(webp12)}, 5 MP TIFF ${kb(tiff5)}, 5 MP PNG ${kb(png5)}, ${cameras.length} camera JPEGs`,
  );
  const jobs: Job[] = [
    {
      name: 'auto-12mp',
      run: async () => [
        await post(
          'auto-12mp',
          'optimize',
          photo12,
          { operation: 'compress', quality: 'auto', format: 'auto' },
          'photo.jpg',
        ),
      ],
    },
    {
      name: 'png-bomb',
      run: async () => [
        await post('png-bomb', 'upload', bomb, {}, 'bomb.png'),
        await post('png-bomb', 'optimize', bomb, { operation: 'compress', quality: '80' }, 'bomb.png'),
        await post(
          'png-bomb',
          'security',
          bomb,
          {
            operation: 'blur',
            method: 'selective',
            regions: '[{"x":0,"y":0,"width":3000,"height":3000}]',
            pixelateLevel: '10',
          },
          'bomb.png',
        ),
      ],
    },
    {
      name: 'webp-12mp',
      run: async () => [await post('webp-12mp', 'convert', webp12, { format: 'jpeg', quality: '80' }, 'photo.webp')],
    },
    {
      name: 'tiff-5mp',
      run: async () => [
        await post(
          'tiff-5mp',
          'optimize',
          tiff5,
          { operation: 'compress', quality: '80', format: 'jpeg' },
          'photo.tif',
        ),
      ],
    },
    {
      name: 'png-5mp',
      run: async () => [await post('png-5mp', 'convert', png5, { format: 'webp', quality: '80' }, 'photo.png')],
    },
  ];
  if (cameras.length) {
    let next = 0;
    jobs.push({
      name: 'camera-crop',
      // The red team's sequence on one camera photo: upload, analyze, privacy, then crop.
      run: async () => {
        const { name, bytes } = cameras[next++ % cameras.length]!;
        const out = [await post('camera-crop', 'upload', bytes, {}, name)];
        out.push(await post('camera-crop', 'analyze-metadata', bytes, {}, name));
        out.push(
          await post(
            'camera-crop',
            'security',
            bytes,
            { operation: 'privacy', removeExif: 'true', removeLocation: 'true', removeTimestamp: 'true' },
            name,
          ),
        );
        out.push(
          await post(
            'camera-crop',
            'modify',
            bytes,
            { operation: 'crop', x: '10', y: '10', width: '400', height: '300' },
            name,
          ),
        );
        return out;
      },
    });
  } else console.log(`SKIPPING camera-crop: the corpus folder ${CORPUS} is absent`);
  const only = values.only?.split(',');
  return only ? jobs.filter((j) => only.includes(j.name)) : jobs;
}

const kb = (b: Uint8Array) => `${Math.round(b.length / 1024)} KB`;

// --- health polling ----------------------------------------------------------------------------------------------

interface Poll {
  path: string;
  latencies: number[];
  failures: number;
  stop: () => Promise<void>;
}

/** A GET /api/health every POLL_MS, not waiting for the ones before: a wait shows as a latency, not as fewer samples. */
function pollHealth(path = '/api/health'): Poll {
  const poll: Poll = { path, latencies: [], failures: 0, stop: async () => {} };
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const started = performance.now();
    const p = fetch(`${base}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status >= 500 && res.status !== 503) poll.failures++;
        poll.latencies.push(performance.now() - started);
      })
      .catch(() => {
        poll.failures++;
        poll.latencies.push(performance.now() - started);
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, POLL_MS);
  poll.stop = async () => {
    clearInterval(timer);
    await Promise.all(pending);
  };
  return poll;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface Summary {
  name: string;
  polls: number;
  failures: number;
  worst: number;
  p99: number;
  p50: number;
}

function summarise(name: string, poll: Poll): Summary {
  const sorted = [...poll.latencies].sort((a, b) => a - b);
  return {
    name,
    polls: sorted.length,
    failures: poll.failures,
    worst: sorted.at(-1) ?? NaN,
    p99: percentile(sorted, 99),
    p50: percentile(sorted, 50),
  };
}

/** Runs `jobs` round-robin on `workers` loops until `seconds` have passed (a job already started is finished). */
async function drive(jobs: Job[], workers: number, seconds: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) answers.push(...(await jobs[next++ % jobs.length]!.run()));
    }),
  );
  return answers;
}

/** A path the router answers 404 from the isolate alone: no D1, R2 or service is asked. */
const ISOLATE_PROBE = '/api/isolate-probe';

async function phase(
  name: string,
  jobs: Job[],
  workers: number,
  seconds: number,
): Promise<{ summary: Summary; isolate: Summary; answers: Answer[] }> {
  const poll = pollHealth();
  const probe = pollHealth(ISOLATE_PROBE);
  const answers = jobs.length
    ? await drive(jobs, workers, seconds)
    : await new Promise<Answer[]>((r) => setTimeout(() => r([]), seconds * 1000));
  await Promise.all([poll.stop(), probe.stop()]);
  return { summary: summarise(name, poll), isolate: summarise(name, probe), answers };
}

const ms = (v: number) => `${Math.round(v)}`;

function printAnswers(answers: Answer[]) {
  const groups = new Map<string, Answer[]>();
  for (const a of answers) groups.set(`${a.job} ${a.route}`, [...(groups.get(`${a.job} ${a.route}`) ?? []), a]);
  console.log('| job → route | answers | statuses | p50 ms | worst ms |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [key, list] of groups) {
    const statuses = new Map<number, number>();
    for (const a of list) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const sorted = list.map((a) => a.ms).sort((x, y) => x - y);
    const shown = [...statuses].map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`| ${key} | ${list.length} | ${shown} | ${ms(percentile(sorted, 50))} | ${ms(sorted.at(-1)!)} |`);
  }
  for (const a of answers.filter((x) => x.status >= 500 || x.status === 0).slice(0, 10))
    console.log(`  ${a.job} ${a.route} ${a.status}: ${a.body}`);
}

// --- main ------------------------------------------------------------------------------------------------------

let stack: Stack | null = null;
if (values.api) base = values.api.replace(/\/$/, '');
else {
  stack = await startStack(Number(process.env.HEALTH_BENCH_PORT ?? 8840), {
    logFile: '.wrangler/health-bench-server.log',
  });
  base = stack.baseUrl;
}
let exitCode = 0;
try {
  const jobs = await buildJobs();
  // Warm the isolate (codecs instantiated, health's dependency checks cached) before anything is timed.
  await drive(jobs, 1, 0.001);
  const rows: Summary[] = [];
  const isolateRows: Summary[] = [];
  const quiet = await phase('quiet (heavy inputs off)', [], 0, QUIET_SECONDS);
  rows.push(quiet.summary);
  isolateRows.push(quiet.isolate);
  const all: Answer[] = [];
  if (values.each) {
    for (const job of jobs) {
      const alone = await phase(`${job.name} alone`, [job], 1, Math.min(SECONDS, 15));
      rows.push(alone.summary);
      isolateRows.push(alone.isolate);
      all.push(...alone.answers);
    }
  }
  const heavy = await phase(`heavy, concurrency ${CONCURRENCY}`, jobs, CONCURRENCY, SECONDS);
  rows.push(heavy.summary);
  isolateRows.push(heavy.isolate);
  all.push(...heavy.answers);

  for (const [path, list, peer] of [
    ['/api/health', rows, quiet.summary],
    [`${ISOLATE_PROBE} (404, no I/O)`, isolateRows, quiet.isolate],
  ] as const) {
    console.log(`\n${path} every ${POLL_MS} ms (${base}); ratios against the quiet phase of this run\n`);
    console.log('| phase | polls | failed | worst ms | p99 ms | p50 ms | worst × quiet | p99 × quiet |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of list) {
      console.log(
        `| ${r.name} | ${r.polls} | ${r.failures} | ${ms(r.worst)} | ${ms(r.p99)} | ${ms(r.p50)} | ${(r.worst / peer.worst).toFixed(1)} | ${(r.p99 / peer.p99).toFixed(1)} |`,
      );
    }
  }
  console.log('');
  printAnswers(all);
  const foreign = all.filter((a) => a.foreign5xx).length;
  const serverErrors = all.filter((a) => a.status >= 500).length;
  const lost = all.filter((a) => a.status === 0).length;
  console.log(
    `\n5xx answers: ${serverErrors} (the dev server's, not the API's: ${foreign}); requests with no answer: ${lost}`,
  );
  const verdict = heavy.summary.worst <= GOAL_MS;
  console.log(
    `${verdict ? 'ok  ' : 'MISS'} worst health latency under load ${ms(heavy.summary.worst)} ms (goal ≤ ${GOAL_MS} ms)`,
  );
  if (foreign > 0 || lost > 0) exitCode = 1;
} finally {
  await stack?.stop();
}
process.exit(exitCode);
