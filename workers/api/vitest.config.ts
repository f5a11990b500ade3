import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import type { Request as MiniflareRequest, Response as MiniflareResponse } from 'miniflare';
import { defineProject } from 'vitest/config';
import { corpusService } from './test/corpus-service';
import { handle as localImages } from '../../local-images/server';
import { handle as localRender } from '../../local-render/server';
import { networkProbeService } from './test/support/network-probe';
import { rememberingJobs } from './test/support/remembered-jobs';
import { exiftoolService, oracleService, photoService } from './test/support/node-services';
import { imagemagickService } from './test/support/imagemagick';
import { sourceOrigin } from './test/support/source-origin';
import { withSiteFiles } from './test/support/site-files';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The secrets wrangler.toml requires ([secrets] required), with test values. wrangler reads required secrets from
// process.env when there is no .dev.vars (a fresh clone) and warns in every test file otherwise.
const TEST_SECRETS = { DASHBOARD_ACCESS_CODE: 'test-access-code', SESSION_SECRET: 'test-signing-key-0123456789abcdef' };
Object.assign(process.env, TEST_SECRETS);

/**
 * The Worker files that share one workerd, one after another, each starting from emptied storage (isolate: false,
 * ADR 0175). Those below get a workerd of their own: they measure the isolate itself (the WASM memory its codecs keep,
 * what stays loaded between operations), which the files before them in a shared runtime would have grown.
 */
export const OWN_RUNTIME = ['imaging-memory', 'wasm-host'].map((name) => here(`./test/isolate/${name}.test.ts`));

// Worker tests run inside workerd against the real local D1 and R2 with the real migrations applied.
// The default wrangler environment has no [ai] entry, so the fake AI provider can be bound here.
function workerProject(name: 'workers' | 'workers-own-runtime') {
  const shared = name === 'workers';
  return defineProject({
    plugins: [
      cloudflareTest(async () => ({
        main: here('./src/index.ts'),
        wrangler: { configPath: here('./wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations(here('../../migrations')),
            AI_PROVIDER: 'fake',
            IMAGE_SERVICE: 'local',
            ...TEST_SECRETS,
            // The site's configured origin (ADR 0155): the one the tests address the Worker at (test/helpers.ts
            // TEST_ORIGIN), whose static files test/support/site-files.ts serves; answers name it whatever the Host.
            SITE_ORIGIN: 'http://local',
            // A small monthly allowance per API key, so the tests can spend it (test/identity/api-keys.test.ts).
            API_MONTHLY_CALLS: '20',
            // The delay test/http/d1-round-trips.test.ts adds to every D1 call (bench/d1-round-trips.ts sets it): long enough
            // that calls started side by side still overlap on a loaded CI machine (the file's top comment).
            D1_DELAY_MS: process.env.D1_DELAY_MS ?? '300',
            // test/corpus/upload-usable.test.ts and test/corpus/intake-corpus.test.ts send a fixed third of the corpus through the
            // routes; 'all' sends every file.
            CORPUS_SWEEP: process.env.CORPUS_SWEEP === 'all' ? 'all' : 'third',
            // test/engine/large-photos.test.ts takes the 12 MP portrait stored sideways through every operation; 'all' adds the
            // 12 MP landscape and the 24 MP photo (six minutes more on two cores).
            LARGE_PHOTOS: process.env.LARGE_PHOTOS === 'all' ? 'all' : 'one',
          },
          // A second local D1 that plays a read replica lagging behind DB (test/support/lagging-replica.ts, ADR 0115).
          d1Databases: { LAGGING_REPLICA: 'lagging-replica' },
          // Test-only services that run in Node (workerd cannot read host files or run programs):
          // the shared image corpus, exiftool as an independent metadata reader, the offline image service itself
          // (in-process, as LOCAL_IMAGES), PHOTOS: phone-size photos and sharp's own results to compare with, and
          // ORACLE: libjxl's ssimulacra_main and butteraugli, the outside judges of quality=auto.
          serviceBindings: {
            CORPUS: corpusService(here('../../../shared/corpus')),
            EXIFTOOL: exiftoolService,
            // ImageMagick, the outside decoder every stored or returned picture must satisfy (test/support/imagemagick.ts).
            IMAGEMAGICK: imagemagickService,
            // miniflare hands over its own undici Request; the handler uses only the web API both share. A job
            // asked again is answered from memory (test/support/remembered-jobs.ts, ADR 0198).
            LOCAL_IMAGES: rememberingJobs(
              (request: MiniflareRequest) =>
                localImages(request as unknown as Request) as unknown as Promise<MiniflareResponse>,
            ),
            // The offline HTML renderer (local-render/server.ts, Debian's Chromium) in-process, and NETWORK_PROBE: a
            // loopback server that counts requests, to prove a rendered page reaches nothing.
            LOCAL_RENDER: (request: MiniflareRequest) =>
              localRender(request as unknown as Request) as unknown as Promise<MiniflareResponse>,
            NETWORK_PROBE: networkProbeService,
            PHOTOS: photoService,
            ORACLE: oracleService,
          },
          // The Worker's own fetch() (a picture named by `url`, ADR 0131) reaches test/support/source-origin.ts: test
          // picture hosts serving the corpus, redirects, slow and oversized answers; any other host passes through.
          // The site's static template pictures at http://local/templates/ come from public/ (test/support/site-files.ts).
          outboundService: withSiteFiles(here('../../public'), sourceOrigin(here('../../../shared/corpus'))),
        },
      })),
    ],
    test: {
      name,
      // The repository root, so that WASM files under node_modules resolve inside Vite's root.
      root: here('../..'),
      include: shared ? [here('./**/*.test.ts')] : OWN_RUNTIME,
      // The extended tier (`npm run test:extended`, ADR 0166): measurements that repeat what other tests already hold,
      // at minutes of CPU each, kept out of `npm test` so it stays within 30 minutes on two cores: every tool operation
      // on 12 MP photos against sharp (e2e/tools-large.spec.ts and test/limits/image-service-calls.test.ts take the same
      // photos through the routes), quality=auto against libjxl's judges on every corpus photo (bench/auto-quality.ts
      // prints the same comparison; test/engine/format-auto.test.ts keeps its ssimulacra_main check of a PNG screenshot), and
      // the image-service calls of every operation on 12 MP photos, docs/deploy.md's cost table (test/limits/billed-calls.test.ts
      // and test/limits/search-calls.test.ts hold the counting and the bounds).
      // `*.node.test.ts` need nothing of workerd and run in the Node project (vitest.config.ts, ADR 0178).
      exclude: [
        here('./**/*.node.test.ts'),
        ...(shared ? OWN_RUNTIME : []),
        ...(process.env.TEST_EXTENDED === '1'
          ? []
          : [
              here('./test/engine/large-photos.test.ts'),
              here('./test/engine/auto-quality.oracle.test.ts'),
              here('./test/limits/image-service-calls.test.ts'),
            ]),
      ],
      setupFiles: [here('./test/apply-migrations.ts')],
      // Two files at a time beside the Node project's (vitest.config.ts, ADR 0166). In `workers` each of the two workerd
      // runs file after file (isolate: false, ADR 0175): starting workerd and loading the Worker's modules took most of
      // a file's time. The services bound above run in vitest's own process, shared by all.
      maxWorkers: 2,
      isolate: !shared,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      // Values whole in a failed assertion's message, as in the Node projects (vitest.config.ts' wholeValues).
      chaiConfig: { truncateThreshold: 0 },
    },
  });
}

export const workerProjects = [workerProject('workers'), workerProject('workers-own-runtime')];
