import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** A local D1 that plays a read replica lagging behind DB (test/support/lagging-replica.ts). */
      LAGGING_REPLICA: D1Database;
      /** The shared image corpus served from the Node side (test/corpus-service.ts). */
      CORPUS: Fetcher;
      /** How much of the corpus test/corpus/upload-usable.test.ts sweeps: 'third' (npm test) or 'all' (CORPUS_SWEEP=all). */
      CORPUS_SWEEP: 'third' | 'all';
      /** Runs the real exiftool on posted bytes (test/support/node-services.ts). */
      EXIFTOOL: Fetcher;
      /** ImageMagick: decodes posted bytes in full, and makes edge files (test/support/imagemagick.ts). */
      IMAGEMAGICK: Fetcher;
      /**
       * The offline image service, in-process (local-images/server.ts). Optional: this augmentation reaches the
       * Worker's own code in the type check, where only tests have it (imaging/service/index.ts).
       */
      LOCAL_IMAGES?: Fetcher;
      /** The offline HTML renderer, in-process (local-render/server.ts); optional for the same reason. */
      LOCAL_RENDER?: Fetcher;
      /** A loopback server that records every request it gets (test/support/network-probe.ts). */
      NETWORK_PROBE: Fetcher;
      /** Phone-size photos and sharp's own results to compare with (test/support/node-services.ts). */
      PHOTOS: Fetcher;
      /** libjxl's ssimulacra_main and butteraugli, the outside judges of quality=auto (test/support/node-services.ts). */
      ORACLE: Fetcher;
    }
  }
}
