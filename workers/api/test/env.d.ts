import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The shared image corpus served from the Node side (test/corpus-service.ts). */
      CORPUS: Fetcher;
      /** Runs the real exiftool on posted bytes (test/support/node-services.ts). */
      EXIFTOOL: Fetcher;
    }
  }
}
