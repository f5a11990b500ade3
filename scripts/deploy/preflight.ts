/**
 * The preflight of `npm run deploy` (ADR 0144): before anything is built or created, the operator's configuration is
 * checked and the account is asked whether it can run what is about to be deployed. Each check prints one line; a
 * failing one says what to buy, grant or write. The account's answers come through an `Api` (cloudflare-api.ts), so
 * the tests run every check on recorded answers (scripts/deploy/fixtures/) with no network.
 *
 * What each check asks, and why:
 * - Plans: `GET /accounts/{id}/subscriptions` (Billing Read; https://developers.cloudflare.com/api/resources/accounts/subresources/subscriptions/methods/get/).
 *   Workers Paid, because Workers Free refuses this Worker half-way through a deploy: `[limits] cpu_ms` (Free gives
 *   10 ms of CPU) and a bundle over Free's 3 MB compressed (https://developers.cloudflare.com/workers/platform/limits/).
 *   Images Paid, because on Images Free the 5,001st unique transformation of the month fails with 9422 until the 1st
 *   (https://developers.cloudflare.com/images/pricing/): every picture over the isolate's budgets, every upscale and
 *   every background removal would answer 503.
 * - Browser Rendering: `GET /accounts/{id}/browser-rendering/devtools/session` (Browser Rendering Read), which lists
 *   open sessions and starts none, so it costs no browser time
 *   (https://developers.cloudflare.com/api/resources/browser_rendering/subresources/devtools/subresources/session/methods/list/).
 * - Workers AI: `GET /accounts/{id}/ai/models/search?search=<model>` (Workers AI Read) for each model the code calls
 *   (https://developers.cloudflare.com/api/resources/ai/subresources/models/methods/list/): a retired model fails here,
 *   not on a visitor's first generation.
 * - The domain: `GET /zones?name=<zone>&account.id={id}` (Zone Read): its zone must be active on this account, where
 *   the deploy adds the domain to the Pages project and its DNS record.
 */
import {
  IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS,
  IMAGE_SERVICE_MAX_CALLS_PER_OPERATION,
} from '../../core/image-service';
import { errorText, lacksPermission, type Api, type ApiAnswer } from './cloudflare-api';
import { OPERATOR_CONFIG, zoneCandidates, type DeployEnvironment } from './operator-config';

/** What the preflight of one deploy checks: data in the plan, printed by the dry run. */
export interface PreflightSpec {
  environment: DeployEnvironment;
  /** operatorConfigProblems() of the configuration: checked offline, in the dry run too. */
  configProblems: string[];
  /** One line on the configuration when it is fine. */
  configSummary: string;
  /** The Worker's `[limits] cpu_ms` and the bundle limit the deploy holds it to, for the Workers plan's sentence. */
  cpuMs: number | undefined;
  bundleLimitKiB: number;
  /** The Workers AI models the code calls. */
  models: string[];
  /** The environment's own domain; none for staging on its pages.dev address. */
  domain: string | undefined;
}

export type Verdict = 'pass' | 'warn' | 'fail';
export interface CheckLine {
  verdict: Verdict;
  text: string;
}
export interface PreflightResult {
  lines: CheckLine[];
  /** The zone the domain belongs to, for the custom-domain step. */
  zoneId?: string;
}

const pass = (text: string): CheckLine => ({ verdict: 'pass', text });
const fail = (text: string): CheckLine => ({ verdict: 'fail', text });
const MARK: Record<Verdict, string> = { pass: '✔', warn: '!', fail: '✘' };
export const lineText = (l: CheckLine) => `${MARK[l.verdict]} ${l.text}`;

export const WORKERS_PLANS_PAGE = 'https://dash.cloudflare.com/?to=/:account/workers/plans';
export const IMAGES_PRICING_PAGE = 'https://developers.cloudflare.com/images/pricing/';
const PERMISSIONS = 'docs/deploy.md lists every permission the deploy needs';

/** The configuration's lines: checked on this machine, so the dry run runs them too. */
export function configLines(spec: PreflightSpec): CheckLine[] {
  return spec.configProblems.length
    ? spec.configProblems.map(fail)
    : [pass(`${OPERATOR_CONFIG}: ${spec.configSummary}`)];
}

/** The account's checks as the dry run prints them: the calls, unrun. */
export function plannedAccountChecks(spec: PreflightSpec): string[] {
  return [
    'GET /accounts/{ACCOUNT_ID}/subscriptions: the Workers plan is Workers Paid; the Images plan is Images Paid',
    'GET /accounts/{ACCOUNT_ID}/browser-rendering/devtools/session: Browser Rendering answers',
    `GET /accounts/{ACCOUNT_ID}/ai/models/search: Workers AI lists ${spec.models.join(', ')}`,
    spec.domain
      ? `GET /zones?name=…&account.id={ACCOUNT_ID}: a zone of this account holds ${spec.domain}`
      : 'no domain: the site is its pages.dev address',
  ];
}

/** A subscription as `GET /accounts/{id}/subscriptions` lists it (the fields read here). */
export interface Subscription {
  state?: string;
  rate_plan?: { id?: string; public_name?: string; is_contract?: boolean; externally_managed?: boolean };
  product?: { name?: string };
}

/** The subscription states in force (the API's enum: Trial, Provisioned, Paid, AwaitingPayment, Cancelled, Failed, Expired). */
const IN_FORCE = new Set(['trial', 'provisioned', 'paid', 'awaitingpayment']);
const inForce = (s: Subscription) => s.state === undefined || IN_FORCE.has(s.state.toLowerCase());
const namesOf = (s: Subscription) =>
  [s.rate_plan?.id, s.rate_plan?.public_name, s.product?.name].filter(Boolean).join(' ').toLowerCase();
/**
 * The API documents a subscription's shape, not its plan ids, so a plan is recognised by the words in its id, name and
 * product (`workers_paid` / "Workers Paid" / `prod_workers`): a Workers plan that is not Workers AI's and not free. A
 * contract or externally managed plan (Enterprise) is taken to include both.
 */
const isWorkersPaid = (s: Subscription) =>
  inForce(s) && /workers/.test(namesOf(s)) && !/free|workers[ _-]?ai/.test(namesOf(s));
const isImagesPaid = (s: Subscription) => inForce(s) && /images/.test(namesOf(s)) && !/free/.test(namesOf(s));
const isContract = (s: Subscription) =>
  inForce(s) && (s.rate_plan?.is_contract === true || s.rate_plan?.externally_managed === true);

export function workersPlanLine(subscriptions: Subscription[], spec: PreflightSpec): CheckLine {
  if (subscriptions.some(isWorkersPaid))
    return pass(
      `Workers Paid: the API Worker's [limits] cpu_ms = ${spec.cpuMs ?? 'default'} and its bundle (up to ${spec.bundleLimitKiB.toLocaleString('en')} KiB gzipped) are allowed`,
    );
  if (subscriptions.some(isContract)) return pass('Workers: a contract plan, taken to include Workers Paid');
  return fail(
    `Workers Free: it takes a Worker of at most 3 MB compressed and 10 ms of CPU, so the deploy would stop half-way with the API Worker refused (its bundle may reach ${spec.bundleLimitKiB.toLocaleString('en')} KiB gzipped; it sets [limits] cpu_ms = ${spec.cpuMs ?? 'default'}). ` +
      `Buy Workers Paid ($5 a month) at ${WORKERS_PLANS_PAGE}, then run the deploy again; nothing was created`,
  );
}

export function imagesPlanLine(subscriptions: Subscription[], spec: PreflightSpec): CheckLine {
  if (subscriptions.some(isImagesPaid))
    return pass(
      `Images Paid: transformations past the ${IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS.toLocaleString('en')} included are billed, never refused`,
    );
  if (subscriptions.some(isContract)) return pass('Images: a contract plan, taken to include Images Paid');
  const free = IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS;
  const capacity =
    `Images Free allows ${free.toLocaleString('en')} unique transformations a month, then every new one fails (9422) until the 1st: ` +
    `${Math.floor(free / IMAGE_SERVICE_MAX_CALLS_PER_OPERATION).toLocaleString('en')} to ${free.toLocaleString('en')} operations on pictures over the isolate's budgets (about 2 MP), upscales and background removals (1 to ${IMAGE_SERVICE_MAX_CALLS_PER_OPERATION} transformations each), after which they answer 503`;
  // Staging runs the operator's smoke tests, well inside the free allowance (which it shares with production when both are on one account).
  if (spec.environment === 'staging')
    return { verdict: 'warn', text: `${capacity}; enough for staging, not for production` };
  return fail(
    `${capacity}. Buy Images Paid (${free.toLocaleString('en')} included, then $0.50 per 1,000; ${IMAGES_PRICING_PAGE}) in the dashboard's Images section, then run the deploy again; nothing was created`,
  );
}

const refused = (what: string, answer: ApiAnswer, permission: string) =>
  fail(
    lacksPermission(answer)
      ? `${what}: not known, the token may not ask (${errorText(answer)}): give it ${permission}; ${PERMISSIONS}`
      : `${what}: the account answered ${errorText(answer)}`,
  );

async function planLines(spec: PreflightSpec, api: Api, accountId: string): Promise<CheckLine[]> {
  const answer = await api('GET', `/accounts/${accountId}/subscriptions`);
  if (!answer.success)
    return [
      refused('Workers plan', answer, 'Account · Billing · Read'),
      refused('Images plan', answer, 'Account · Billing · Read'),
    ];
  const subscriptions = Array.isArray(answer.result) ? (answer.result as Subscription[]) : [];
  return [workersPlanLine(subscriptions, spec), imagesPlanLine(subscriptions, spec)];
}

async function browserLine(api: Api, accountId: string): Promise<CheckLine> {
  const answer = await api('GET', `/accounts/${accountId}/browser-rendering/devtools/session?limit=1`);
  if (!answer.success)
    return refused('Browser Rendering (HTML to image)', answer, 'Account · Browser Rendering · Read');
  return pass(
    'Browser Rendering answers: HTML to image runs on it (browser hours billed past the 10 a month included)',
  );
}

async function modelsLine(spec: PreflightSpec, api: Api, accountId: string): Promise<CheckLine> {
  const missing: string[] = [];
  for (const model of spec.models) {
    const answer = await api('GET', `/accounts/${accountId}/ai/models/search?search=${encodeURIComponent(model)}`);
    if (!answer.success) return refused('Workers AI', answer, 'Account · Workers AI · Read');
    const listed = Array.isArray(answer.result) && (answer.result as { name?: string }[]).some((m) => m.name === model);
    if (!listed) missing.push(model);
  }
  if (missing.length) {
    return fail(
      `Workers AI does not list ${missing.join(', ')}: a retired model fails every call to it; choose a listed one (AI_IMAGE_MODEL in workers/api/wrangler.toml, the contracts in workers/api/src/ai/contracts.ts)`,
    );
  }
  return pass(`Workers AI lists the ${spec.models.length} models the code calls`);
}

async function domainLine(
  domain: string,
  environment: DeployEnvironment,
  api: Api,
  accountId: string,
): Promise<{ line: CheckLine; zoneId?: string }> {
  for (const name of zoneCandidates(domain)) {
    const answer = await api('GET', `/zones?name=${encodeURIComponent(name)}&account.id=${accountId}`);
    if (!answer.success)
      return { line: refused(`Domain ${domain}`, answer, 'Zone · Zone · Read and Zone · DNS · Edit on its zone') };
    const zone = (answer.result as { id: string; name: string; status?: string }[] | undefined)?.[0];
    if (!zone) continue;
    if (zone.status !== undefined && zone.status !== 'active') {
      return {
        line: fail(
          `Domain ${domain}: its zone ${zone.name} is ${zone.status}, not active: finish adding it (its nameservers must be Cloudflare's), then run the deploy again`,
        ),
      };
    }
    return {
      line: pass(
        `Domain ${domain}: zone ${zone.name} is active on this account; the deploy adds the domain to the Pages project and its DNS record`,
      ),
      zoneId: zone.id,
    };
  }
  return {
    line: fail(
      `Domain ${domain}: no zone of this account holds it. Add the domain's zone to this Cloudflare account (https://developers.cloudflare.com/fundamentals/manage-domains/add-site/), or change environments.${environment}.domain in ${OPERATOR_CONFIG}, then run the deploy again`,
    ),
  };
}

/** Every check against the account, one line each, in the order the dry run prints them. */
export async function accountPreflight(spec: PreflightSpec, api: Api, accountId: string): Promise<PreflightResult> {
  const lines = [
    ...(await planLines(spec, api, accountId)),
    await browserLine(api, accountId),
    await modelsLine(spec, api, accountId),
  ];
  if (!spec.domain) return { lines: [...lines, pass(`No domain: ${spec.environment} is its pages.dev address`)] };
  const domain = await domainLine(spec.domain, spec.environment, api, accountId);
  return { lines: [...lines, domain.line], zoneId: domain.zoneId };
}

/** The sentences that stop the deploy: every failing line. */
export const refusals = (lines: CheckLine[]) => lines.filter((l) => l.verdict === 'fail').map((l) => l.text);
