/**
 * What `npm run deploy` does, as data: every step in order with the exact command it runs, for production or its
 * copy staging (`--env staging`, ADR 0145). Building the plan reads nothing and calls nothing (its input is read by
 * `readPlanInput`), so a unit test can hold it; printing it (print.ts) and carrying it out (runner.ts) are separate.
 * `--dry-run` carries out only the offline steps and the configuration's checks.
 *
 * The preflight comes first (ADR 0144): the account's plans and products and the operator's configuration are
 * checked before anything is built or created. Every step after it is idempotent: a resource is looked up before it is
 * created, the lifecycle rules and read replication are set to a fixed state, migrations apply only what is missing,
 * the template seed upserts, secrets already set are left alone, and the domain is added only when it is not there.
 *
 * The steps are built from `planContext` (plan-context.ts): plan-prepare-steps.ts up to the bundles, then
 * plan-publish-steps.ts, which change the account.
 */
import { LLAMA_3_3_70B, LLAMA_4_SCOUT, MOONDREAM_3_1 } from '../../workers/api/src/ai/contracts';
import { KEPT_PREFIX } from '../../workers/api/src/storage/image-store';
import { catalogRows } from '../templates/catalog-rows';
import { missingFromProduction, readCodeNeeds, SECRETS_EXAMPLE } from './code-needs';
import { generatedApiConfig } from './generated-api-config';
import { readOperatorConfig, type DeployEnvironment } from './operator-config';
import { pagesConfigFor } from './pages-config';
import { planContext, type PlanInput } from './plan-context';
import { prepareSteps } from './plan-prepare-steps';
import { publishSteps } from './plan-publish-steps';
import { deployPaths, readEnvironment, type EnvironmentSummary } from './production-config';
import { imageBucketLifecycle, expiresUnder } from './r2-lifecycle';
import type { Step } from './steps';

export type { Lookup, Step } from './steps';
export { ACCOUNT_ID_SLOT } from './steps';
export { API_GZIP_LIMIT_KIB, PRODUCTION_BRANCH, type PlanInput } from './plan-context';

export interface Plan {
  environment: DeployEnvironment;
  /** What is deployed, for the printer. */
  api: EnvironmentSummary;
  pages: { project: string; production: EnvironmentSummary; preview: EnvironmentSummary };
  /** https:// and the environment's domain, or its pages.dev address ({PAGES_DEV} until the project is found). */
  siteOrigin: string;
  secrets: string[];
  /** Reasons the deploy must not run (a binding or var the code reads that the environment lacks); [] when none. */
  problems: string[];
  steps: Step[];
}

/** The repository's own inputs for a deploy of `environment`. */
export function readPlanInput(options: { skipBuild?: boolean; environment?: DeployEnvironment } = {}): PlanInput {
  const environment = options.environment ?? 'production';
  const target = readEnvironment(environment);
  const paths = deployPaths(environment);
  const productionWorker = environment === 'production' ? target.api.name : readEnvironment('production').api.name;
  return {
    environment,
    target,
    code: readCodeNeeds(),
    operator: readOperatorConfig(),
    templates: catalogRows(),
    lifecycle: imageBucketLifecycle(),
    models: [LLAMA_3_3_70B.model, LLAMA_4_SCOUT.model, MOONDREAM_3_1.model],
    generatedConfig: (databaseId, site) =>
      generatedApiConfig({ databaseId, environment, siteOrigin: site.origin, siteAliases: site.aliases }),
    pagesConfig:
      environment === 'production'
        ? undefined
        : pagesConfigFor(target.pages.project, { from: productionWorker, to: target.api.name }, paths.pagesDir),
    skipBuild: options.skipBuild ?? false,
  };
}

export function buildPlan(input: PlanInput): Plan {
  const context = planContext(input);
  const { environment, api, pages, siteOrigin, secrets, builtIn } = context;
  const { code, templates } = input;
  const problems = [
    ...missingFromProduction(code.api, api, secrets, 'The API Worker (workers/api/worker-configuration.d.ts Env)'),
    ...missingFromProduction(code.pages, pages.production, [], 'The Pages app (app/env.d.ts PagesEnv)'),
    // `npm start` takes its secrets from this file: one production requires must be there too.
    ...secrets
      .filter((s) => !code.secrets.includes(s))
      .map((s) => `${SECRETS_EXAMPLE} does not list ${s}, which production requires`),
  ];
  if (builtIn.length !== templates.length)
    problems.push('The built-in seed holds a template whose picture is not a static file');
  // Kept objects: saved memes, and imported template pictures (their imageKey, scripts/importers).
  for (const kept of [`${KEPT_PREFIX}example`, 'templates/example.png']) {
    if (expiresUnder(input.lifecycle, kept))
      problems.push(`The R2 lifecycle rules would delete ${kept}, which must be kept`);
  }
  const steps = [...prepareSteps(context), ...publishSteps(context)];
  return { environment, api, pages, siteOrigin, secrets, problems, steps };
}
