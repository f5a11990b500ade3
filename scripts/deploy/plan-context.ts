/**
 * What the steps of a deploy plan are built from: the repository's input for one environment (read by plan.ts's
 * `readPlanInput`), and what `planContext` derives from it once (paths, the site's origin, the API Worker's vars and
 * secrets) for plan.ts's checks and the steps (plan-prepare-steps.ts, plan-publish-steps.ts). Reads nothing.
 */
import { relative } from 'node:path';
import type { TemplateRow } from '../../workers/api/src/db/template-rows';
import { secretsOf, type readCodeNeeds } from './code-needs';
import { domainOf, type DeployEnvironment, type OperatorConfig } from './operator-config';
import { deployPaths, type EnvironmentSummary, type readEnvironment } from './production-config';
import type { LifecycleRule } from './r2-lifecycle';
import { PAGES_DEV_SLOT } from './steps';

/**
 * The API bundle must stay under this gzipped (Workers Paid allows 10 MB compressed; a smaller bundle starts
 * faster). Raised from 3 MiB when animations came (ADR 0137): 3,087 KiB at that commit. Workers Free takes 3 MB, which
 * is one reason the preflight asks for Workers Paid.
 */
export const API_GZIP_LIMIT_KIB = 4 * 1024;
export const PRODUCTION_BRANCH = 'main';

export interface PlanInput {
  environment: DeployEnvironment;
  /** What the environment is made of (production-config.ts). */
  target: ReturnType<typeof readEnvironment>;
  code: ReturnType<typeof readCodeNeeds>;
  operator: OperatorConfig;
  templates: TemplateRow[];
  lifecycle: { rules: LifecycleRule[] };
  /** The Workers AI models the code calls besides the environment's AI_IMAGE_MODEL. */
  models: string[];
  /** The deploy config for a database id and a site origin (slots until they are known). */
  generatedConfig: (databaseId: string, site: { origin: string; aliases: string }) => string;
  /** Staging's Pages config (pages-config.ts); production deploys the Pages app from the repository root. */
  pagesConfig?: string;
  skipBuild: boolean;
}

/** The input with what every step reads derived once. */
export interface PlanContext {
  input: PlanInput;
  environment: DeployEnvironment;
  paths: ReturnType<typeof deployPaths>;
  /** Every command about the API Worker reads the generated config's environment. */
  onApi: string[];
  domain: string | undefined;
  siteOrigin: string;
  siteAliases: string;
  /** The environment's API Worker with this deploy's SITE_ORIGIN and SITE_ALIASES. */
  api: EnvironmentSummary;
  pages: PlanInput['target']['pages'];
  databaseName: string;
  bucketName: string;
  secrets: string[];
  /** The templates whose picture is a static file the Pages deploy serves. */
  builtIn: TemplateRow[];
  /** Staging's Pages app is deployed from a folder of its own (pages-config.ts). */
  staging: boolean;
  pagesCwd: string | undefined;
  fromPagesCwd: (path: string) => string;
}

export function planContext(input: PlanInput): PlanContext {
  const { environment, target, code, templates, operator } = input;
  const { pages, databaseName, bucketName } = target;
  const paths = deployPaths(environment);
  const onApi = ['-c', paths.apiConfig, '--env', environment];
  const domain = domainOf(operator, environment);
  const siteOrigin = `https://${domain ?? PAGES_DEV_SLOT}`;
  // With a domain, the project's pages.dev address serves the same site: answers on it name it (ADR 0155).
  const siteAliases = domain ? `https://${PAGES_DEV_SLOT}` : '';
  const api: EnvironmentSummary = {
    ...target.api,
    vars: { ...target.api.vars, SITE_ORIGIN: siteOrigin, SITE_ALIASES: siteAliases },
  };
  const secrets = secretsOf(api, code.secrets);
  const builtIn = templates.filter((t) => t.imageKey.startsWith('static:'));
  const staging = input.pagesConfig !== undefined;
  const pagesCwd = staging ? paths.pagesDir : undefined;
  const fromPagesCwd = (path: string) => (pagesCwd ? relative(pagesCwd, path) : path);
  return {
    input,
    environment,
    paths,
    onApi,
    domain,
    siteOrigin,
    siteAliases,
    api,
    pages,
    databaseName,
    bucketName,
    secrets,
    builtIn,
    staging,
    pagesCwd,
    fromPagesCwd,
  };
}
