/**
 * The deploy plan as text: what the environment is made of, then every step with the exact command it runs, the
 * preflight first with the calls it makes.
 */
import { API_BASE } from './cloudflare-api';
import { commandLine } from './exec';
import type { Plan } from './plan';
import { plannedAccountChecks } from './preflight';
import { API_CONFIG, deployPaths, PAGES_CONFIG, type EnvironmentSummary } from './production-config';
import type { Step } from './steps';

function environmentLines(env: EnvironmentSummary, indent: string): string[] {
  const width = Math.max(
    0,
    ...Object.keys(env.bindings).map((k) => k.length),
    ...Object.keys(env.vars).map((k) => k.length),
  );
  const lines: string[] = [];
  const bindings = Object.entries(env.bindings);
  lines.push(`${indent}bindings:${bindings.length ? '' : ' none'}`);
  for (const [name, what] of bindings) lines.push(`${indent}  ${name.padEnd(width)}  ${what}`);
  const vars = Object.entries(env.vars);
  if (vars.length) {
    lines.push(`${indent}vars:`);
    for (const [name, value] of vars) lines.push(`${indent}  ${name.padEnd(width)}  ${JSON.stringify(value)}`);
  }
  if (env.crons.length) lines.push(`${indent}crons: ${env.crons.join(', ')}`);
  lines.push(`${indent}limits: cpu_ms ${env.cpuMs ?? 'platform default'}`);
  if (env.observability)
    lines.push(
      `${indent}observability: ${env.observability.enabled ? 'on' : 'off'}, head_sampling_rate ${env.observability.headSamplingRate}`,
    );
  if (env.workersDev !== undefined || env.previewUrls !== undefined) {
    lines.push(
      `${indent}workers.dev URL: ${env.workersDev ? 'on' : 'off'}; preview URLs: ${env.previewUrls ? 'on' : 'off'}`,
    );
  }
  return lines;
}

const curlAuth = (token: string[]) => `-H "Authorization: Bearer $(${commandLine(token)} | jq -r .token)"`;

function commandLines(step: Step): string[] {
  switch (step.kind) {
    case 'run':
      return [`$ ${step.cwd ? `(cd ${step.cwd} && ${commandLine(step.command)})` : commandLine(step.command)}`];
    case 'bundle':
      return [`$ ${commandLine(step.command)}`];
    case 'write':
      return [`write ${step.path}`];
    case 'link':
      return [`$ ln -sfn ${step.target} ${step.path}`];
    case 'preflight':
      return [
        ...(step.spec.configProblems.length
          ? step.spec.configProblems.map((p) => `✘ ${p}`)
          : [`✔ memeforge.config.ts: ${step.spec.configSummary}`]),
        ...plannedAccountChecks(step.spec).map((c) => `then ${c}`),
        `(REST calls with CLOUDFLARE_API_TOKEN, else: $ ${commandLine(step.token)})`,
      ];
    case 'custom-domain':
      return [
        `$ curl ${curlAuth(step.token)} "${API_BASE}/accounts/{ACCOUNT_ID}/pages/projects/${step.project}/domains"   # then POST {"name":"${step.domain}"} if missing`,
        `$ curl ${curlAuth(step.token)} "${API_BASE}/zones/{ZONE_ID}/dns_records?name=${step.domain}"   # then POST a proxied CNAME to ${step.target} if none`,
      ];
    case 'verify-files':
      return [
        `check ${step.files.length} file(s) exist: ${step.files.slice(0, 2).join(', ')}${step.files.length > 2 ? ', …' : ''}`,
      ];
    case 'account':
      return [`$${step.envVar} or: $ ${commandLine(step.command)}`];
    case 'ensure':
      return [
        `$ ${commandLine(step.find)}`,
        `if missing: $ ${commandLine(step.create)}`,
        ...(step.yields ? [`→ {${step.yields}}`] : []),
      ];
    case 'api': {
      const url = `${API_BASE}${step.path}`;
      const auth = curlAuth(step.token);
      return [
        ...(step.skipWhen
          ? [
              `$ curl ${auth} "${url}"   # skipped when ${step.skipWhen.field} is already ${JSON.stringify(step.skipWhen.equals)}`,
            ]
          : []),
        `$ curl -X ${step.method} ${auth} -H "Content-Type: application/json" "${url}" -d '${JSON.stringify(step.body)}'`,
      ];
    }
    case 'secrets':
      return [
        `$ ${commandLine(step.list)}`,
        ...step.names.map((n) => `if ${n} is missing: $ ${commandLine(step.put.map((a) => (a === '{NAME}' ? n : a)))}`),
      ];
  }
}

export function printPlan(plan: Plan, options: { dryRun: boolean }): string {
  const out: string[] = [];
  const env = plan.environment;
  out.push(
    options.dryRun
      ? `Deploy plan of ${env} (dry run: the offline steps and the configuration's checks run, the others are only printed; no account, no network)`
      : `Deploy plan of ${env}`,
  );
  out.push(`Site: ${plan.siteOrigin}`);
  out.push('');
  out.push(`API Worker ${plan.api.name} (${API_CONFIG} [env.${env}], deployed from ${deployPaths(env).apiConfig})`);
  out.push(...environmentLines(plan.api, '  '));
  out.push(`  secrets (wrangler secret put): ${plan.secrets.join(', ') || 'none'}`);
  out.push(
    `Pages app ${plan.pages.project} (${env === 'production' ? PAGES_CONFIG : `${PAGES_CONFIG}, bound to ${plan.api.name}: ${deployPaths(env).pagesDir}/wrangler.jsonc`})`,
  );
  out.push('  production:');
  out.push(...environmentLines(plan.pages.production, '    '));
  out.push('  preview (every branch but the production one):');
  out.push(...environmentLines(plan.pages.preview, '    '));
  out.push('');
  if (plan.problems.length) {
    out.push(`${env} is missing what the code reads:`);
    for (const p of plan.problems) out.push(`  ✘ ${p}`);
  } else out.push(`✔ Every binding, var and secret the code reads is in ${env}.`);
  out.push('');
  out.push('Steps:');
  for (const [i, step] of plan.steps.entries()) {
    out.push(`${String(i + 1).padStart(2)}. ${step.title}${step.offline ? '   [offline]' : ''}`);
    for (const d of step.details ?? []) out.push(`      ${d}`);
    for (const c of commandLines(step)) out.push(`      ${c}`);
  }
  out.push('');
  out.push(
    "{ACCOUNT_ID}, {DATABASE_ID}, {PAGES_DEV} (the project's pages.dev address) and {ZONE_ID} are found by the steps that say so.",
  );
  return out.join('\n');
}
