/**
 * `npm run deploy`: sets up and updates production on a Cloudflare account in one idempotent run, or its copy staging
 * with `-- --env staging` (ADR 0145; needs CLOUDFLARE_API_TOKEN with the permissions docs/deploy.md lists). It begins
 * with a preflight (ADR 0144): memeforge.config.ts must hold the operator's own values, and the account must have
 * Workers Paid and Images Paid, Browser Rendering, the Workers AI models the code calls, and the domain's zone; a
 * failing check stops the deploy before anything is built or created.
 *
 * `--dry-run` needs no account and no network: it prints every step with its command and the resolved configuration,
 * runs the configuration's checks, builds both bundles offline (the API bundle must stay under API_GZIP_LIMIT_KIB
 * gzipped), and fails if the environment lacks a binding or var the code reads. Its exit code is the deploy's verdict:
 * 0 the deploy would go ahead; 3 every offline step passed but the deploy would refuse memeforge.config.ts (the
 * committed file holds local placeholders, so `npm test`, which runs the dry run with `--skip-build`, expects 0 or 3,
 * ADR 0143); 1 anything else failed. The steps are scripts/deploy/plan.ts.
 */
import './lib/require-node-22';
import { buildPlan, readPlanInput } from './deploy/plan';
import { DEPLOY_ENVIRONMENTS, type DeployEnvironment } from './deploy/operator-config';
import { printPlan } from './deploy/print';
import { committedDatabaseId } from './deploy/generated-api-config';
import { runPlan } from './deploy/runner';
import { DRY_RUN_EXIT } from './deploy/verdict';

const argv: string[] = process.argv.slice(2);
const dryRun = argv.includes('--dry-run');
const skipBuild = argv.includes('--skip-build');

function environmentArg(): DeployEnvironment {
  const at = argv.findIndex((a) => a === '--env' || a.startsWith('--env='));
  if (at < 0) return 'production';
  const value = argv[at]!.includes('=') ? argv[at]!.slice('--env='.length) : argv[at + 1];
  if (!DEPLOY_ENVIRONMENTS.includes(value as DeployEnvironment))
    throw new Error(`--env takes ${DEPLOY_ENVIRONMENTS.join(' or ')}, not ${value ?? 'nothing'}`);
  return value as DeployEnvironment;
}

async function main(): Promise<number> {
  const environment = environmentArg();
  const plan = buildPlan(readPlanInput({ skipBuild, environment }));
  console.log(printPlan(plan, { dryRun }));
  if (plan.problems.length) throw new Error(`${environment} lacks what the code reads (above); nothing was run`);
  console.log('');
  const { refusals } = await runPlan(plan, {
    dryRun,
    interactive: process.stdin.isTTY === true,
    placeholderDatabaseId: committedDatabaseId(),
  });
  const smoke = `npm run smoke -- ${plan.siteOrigin.replace('{PAGES_DEV}', `${plan.pages.project}.pages.dev`)}`;
  if (!dryRun) {
    console.log(
      `\n✔ deployed ${environment}: ${plan.siteOrigin}\n  Now run ${smoke} (docs/deploy.md, after every deploy).`,
    );
    return 0;
  }
  if (refusals.length) {
    console.log(
      `\n✘ dry run: every offline step passed, but the deploy would stop at the preflight:\n${refusals.map((r) => `  ✘ ${r}`).join('\n')}`,
    );
    return DRY_RUN_EXIT.configRefused;
  }
  console.log(
    `\n✔ dry run: every offline step passed; the deploy would go on to ask the account (nothing was deployed). After it: ${smoke}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`\n✘ ${err instanceof Error ? err.message : String(err)}`);
    process.exit(DRY_RUN_EXIT.failed);
  },
);
