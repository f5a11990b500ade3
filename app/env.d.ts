/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types" />

/** Bindings of the Pages app (top-level wrangler.toml). */
interface PagesEnv {
  API: Fetcher;
}

declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    env: PagesEnv;
  }
}
