import { defineConfig } from 'vitest/config';
import { workerProjects } from './workers/api/vitest.config';

/**
 * The Worker's `*.node.test.ts` need no binding, no WASM codec and nothing of workerd (types, pure rules, JS loops over
 * rasters): they run here, beside the Node tests, without a workerd of their own (ADR 0178).
 */
export const NODE_TESTS = [
  'core/**/*.test.ts',
  'app/**/*.test.ts',
  'scripts/**/*.test.ts',
  'local-ai/**/*.test.ts',
  'local-images/**/*.test.ts',
  'local-render/**/*.test.ts',
  'workers/api/**/*.node.test.ts',
];

/**
 * The Node tests that start wrangler on local state, Chromium, servers or child processes, or write under .tmp/: run
 * one at a time, in a group of their own, so none meets another's state or port.
 */
export const ONE_AT_A_TIME = [
  'core/animation/animation.test.ts',
  'core/images/formats/heif-colour.test.ts',
  'local-ai/**/*.test.ts',
  'local-images/**/*.test.ts',
  'local-render/**/*.test.ts',
  'scripts/api-worker-config.test.ts',
  'scripts/contact-list.test.ts',
  'scripts/deploy/**/*.test.ts',
  'scripts/importers/**/*.test.ts',
  'scripts/lib/**/*.test.ts',
  'scripts/take-down-share.test.ts',
];

const alias = { '~': new URL('./app', import.meta.url).pathname };

/**
 * The Node projects' limits for a test and a hook. vitest's defaults (5 s, 10 s) are met by files that take 3–4 s on an
 * idle core, so on a CI machine whose two cores run three lanes they failed tests that were only slow (a 1,200 px AVIF
 * encode at 4.1 s here failed once in CI). The Worker projects allow the same (workers/api/vitest.config.ts); a
 * test that needs more says so itself.
 */
const limits = { testTimeout: 30_000, hookTimeout: 30_000 };

/**
 * A failed assertion's message shows the values whole (chai cuts them at 40 characters by default: `expected { …(2) }`),
 * so the one line `npm test` prints for a failed test (scripts/lib/test-report.ts) says what came instead.
 */
export const wholeValues = { chaiConfig: { truncateThreshold: 0 } };

// Pure logic in Node (milliseconds, no bindings) and the API Worker inside workerd (workers/api/vitest.config.ts: most
// files sharing a runtime, ADR 0175), two files at a time between them; the Node tests that hold shared local state one
// at a time after (ADR 0166).
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // One module graph per worker rather than per file (ADR 0205): these files hold no shared state and stub no
        // module, global or variable (a test in scripts/ checks that), and each file no longer imports and
        // transforms the same modules again: 57 → 32 CPU s for the project.
        test: {
          name: 'unit',
          environment: 'node',
          ...limits,
          ...wholeValues,
          maxWorkers: 2,
          isolate: false,
          include: NODE_TESTS,
          exclude: ONE_AT_A_TIME,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-serial',
          environment: 'node',
          ...limits,
          ...wholeValues,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          include: ONE_AT_A_TIME,
        },
      },
      ...workerProjects,
    ],
  },
});
