/**
 * `npm run deploy`: sets up and updates production on a Cloudflare account in one idempotent run (needs
 * `wrangler login` or CLOUDFLARE_API_TOKEN; docs/deploy.md). `--dry-run` needs no account and no network: it prints
 * every step with its command and the resolved production configuration, builds both bundles offline (the API bundle
 * must stay under 3 MiB gzipped), and fails if production lacks a binding or var the code reads. `npm test` runs it
 * with `--skip-build`, right after its own build. The steps are scripts/deploy/plan.ts.
 */
import './lib/require-node-22';
import { buildPlan, committedDatabaseId, readPlanInput } from './deploy/plan';
import { printPlan } from './deploy/print';
import { runPlan } from './deploy/runner';

const dryRun = process.argv.includes('--dry-run');
const skipBuild = process.argv.includes('--skip-build');

async function main() {
  const plan = buildPlan(readPlanInput({ skipBuild }));
  console.log(printPlan(plan, { dryRun }));
  if (plan.problems.length) throw new Error('production lacks what the code reads (above); nothing was run');
  console.log('');
  await runPlan(plan, { dryRun, interactive: process.stdin.isTTY === true, placeholderDatabaseId: committedDatabaseId() });
  console.log(dryRun ? '\n✔ dry run: every offline step passed; nothing was deployed' : '\n✔ deployed');
}

main().catch((err: unknown) => {
  console.error(`\n✘ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
