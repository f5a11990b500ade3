/**
 * The kinds of step a deploy plan is made of (plan.ts builds them, print.ts prints them, runner.ts carries them out),
 * and the slots a step fills for the ones after it: `{ACCOUNT_ID}` (the account step), `{DATABASE_ID}` (the D1
 * look-up), `{PAGES_DEV}` (the Pages project's pages.dev address) and `{ZONE_ID}` (the preflight's domain check).
 */
import type { PreflightSpec } from './preflight';

export const ACCOUNT_ID_SLOT = '{ACCOUNT_ID}';
export const PAGES_DEV_SLOT = '{PAGES_DEV}';
export const ZONE_ID_SLOT = '{ZONE_ID}';

export const wrangler = (...args: string[]) => ['npx', 'wrangler', ...args];
/** `wrangler auth token --json`: the token of `wrangler login`, for the REST calls wrangler has no command for. */
export const AUTH_TOKEN = wrangler('auth', 'token', '--json');

/** How the runner reads a look-up's output to decide whether the resource exists. */
export type Lookup =
  | { parse: 'd1-list-json'; name: string }
  | { parse: 'r2-bucket-info'; name: string }
  /** Its id is the project's pages.dev address (the one of its "Project Domains" under pages.dev). */
  | { parse: 'pages-project-list-json'; name: string };

interface StepBase {
  id: string;
  title: string;
  /** Said under the title: counts, prefixes, what is kept. */
  details?: string[];
  /** Runs in a dry run too: needs no account and no network. */
  offline: boolean;
}

export type Step = StepBase &
  (
    | { kind: 'run'; command: string[]; cwd?: string }
    /** Bundles with wrangler's --dry-run and fails over `gzipLimitKiB`. */
    | { kind: 'bundle'; command: string[]; gzipLimitKiB: number }
    | { kind: 'write'; path: string; content: string }
    /** A symbolic link at `path` to `target` (relative to the link's folder), replacing one already there. */
    | { kind: 'link'; path: string; target: string }
    /** Fails unless every file exists. */
    | { kind: 'verify-files'; files: string[] }
    /** CLOUDFLARE_ACCOUNT_ID, else the one account of `wrangler whoami --json`. */
    | { kind: 'account'; envVar: string; command: string[] }
    /**
     * The configuration's checks (run in a dry run too), then the account's (preflight.ts); any failing one stops the
     * deploy before anything is built or created.
     */
    | { kind: 'preflight'; spec: PreflightSpec; token: string[] }
    /** Looks the resource up; creates it when missing. `yields` names the slot its id fills. */
    | { kind: 'ensure'; lookup: Lookup; find: string[]; create: string[]; yields?: 'DATABASE_ID' | 'PAGES_DEV' }
    /** A Cloudflare REST call wrangler has no command for, with the token `wrangler auth token` prints. */
    | {
        kind: 'api';
        method: 'GET' | 'PUT';
        path: string;
        body: unknown;
        token: string[];
        permission: string;
        skipWhen?: { field: string; equals: unknown };
      }
    /** Lists the secrets set; asks for each missing one (or reads it from the environment variable of its name). */
    | { kind: 'secrets'; names: string[]; list: string[]; put: string[] }
    /** The domain on the Pages project and its CNAME to `target` (custom-domain.ts). */
    | { kind: 'custom-domain'; project: string; domain: string; target: string; token: string[] }
  );
