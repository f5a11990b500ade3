import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

// End-to-end tests drive Debian's Chromium against the built app, started on its own port and with its own
// local state so a developer's running `npm start` is never touched.
const PORT = Number(process.env.E2E_PORT ?? 8799);

// Debian's headless shell (package chromium-headless-shell, which `.ci/run` installs): the same Chromium build without
// the desktop browser's layers, loading a page for about half the CPU (ADR 0193); the full browser when it is absent.
// The offline HTML renderer keeps the full browser: its network locks were measured on it (local-render/browser.ts).
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * `npm test` runs the suite in two parts, each on a stack of its own (ADR 0207): `E2E_PART=main` skips these files and
 * `E2E_PART=late` runs only them, once the vitest lane has finished and its core is free. Unset, every file runs.
 */
export const LATE_SPECS = [
  'tools-modify.spec.ts',
  'tools-optimize.spec.ts',
  'tools-progress.spec.ts',
  'tools-screenshots.spec.ts',
  'tools-security.spec.ts',
  'tools-v2.spec.ts',
];
const PART = process.env.E2E_PART;
if (PART !== undefined && PART !== 'main' && PART !== 'late')
  throw new Error(`E2E_PART must be main or late, not "${PART}"`);

export default defineConfig({
  testDir: './e2e',
  ...(PART === 'main' ? { testIgnore: LATE_SPECS } : PART === 'late' ? { testMatch: LATE_SPECS } : {}),
  // Each run empties its output folder when it starts: the late part keeps its own, inside the main part's.
  outputDir: PART === 'late' ? './test-results/late' : './test-results',
  // One worker by default; E2E_WORKERS=2 runs two spec files side by side on the one stack (a file's tests stay in
  // order in one worker). That is safe for state — every test has its own browser context, hence its own visitor
  // cookie, and locally the allowances and rate limits count on the cookie alone (ADR 0148) — but on two cores beside
  // vitest it buys little and breaks wall-clock bounds (ADR 0192).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        // Text laid out on unhinted glyph advances, as Chrome does on macOS and Windows; the headless shell's default
        // hinting rounded advances at small sizes and put 4–8 px of two long captions outside their boxes (ADR 0193).
        '--font-render-hinting=none',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'tsx scripts/start.ts --no-build --fresh',
    // A small monthly allowance per API key, so e2e/api-keys.spec.ts can spend it (ADR 0107). No idle recycle of the
    // Workers' process (ADR 0157): a reload that lands while a test holds a request open answers it 503, and the
    // tests' stack lives minutes, not days.
    env: {
      PORT: String(PORT),
      PERSIST_DIR: `.wrangler/e2e-state-${PORT}`,
      API_MONTHLY_CALLS: '5',
      MEMEFORGE_RECYCLE: 'off',
    },
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Without this Playwright SIGKILLs its process group, which start.ts cannot clean up after; with it start.ts
    // gets SIGTERM and stops its own process groups (wrangler, workerd, local AI, local images) before exiting.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
