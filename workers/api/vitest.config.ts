import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { corpusService } from './test/corpus-service';
import { exiftoolService } from './test/support/node-services';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Worker tests run inside workerd against the real local D1 and R2 with the real migrations applied.
// The default wrangler environment has no [ai] entry, so the fake AI provider can be bound here.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: here('./src/index.ts'),
      wrangler: { configPath: here('./wrangler.toml') },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(here('../../migrations')),
          AI_PROVIDER: 'fake',
          DASHBOARD_ACCESS_CODE: 'test-access-code',
          SESSION_SECRET: 'test-signing-key-0123456789abcdef',
        },
        // Test-only services that run in Node (workerd cannot read host files or run programs):
        // the shared image corpus, and exiftool as an independent metadata reader.
        serviceBindings: { CORPUS: corpusService(here('../../../shared/corpus')), EXIFTOOL: exiftoolService },
      },
    })),
  ],
  test: {
    name: 'workers',
    // The repository root, so that WASM files under node_modules resolve inside Vite's root.
    root: here('../..'),
    include: [here('./**/*.test.ts')],
    setupFiles: [here('./test/apply-migrations.ts')],
    testTimeout: 30_000,
  },
});
