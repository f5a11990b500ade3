/// <reference types="@remix-run/dev" />
import '@remix-run/cloudflare';

declare global {
  /** Bindings of the Pages app (top-level wrangler.toml). */
  interface PagesEnv {
    /** The API Worker; absent on preview deployments (wrangler.toml, ADR 0115). */
    API?: Fetcher;
  }
}

declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    env: PagesEnv;
  }
}
