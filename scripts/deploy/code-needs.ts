/**
 * What the code reads from an environment: the API Worker's generated `Env` type, the Pages app's `PagesEnv`, and
 * the secrets it expects (`[secrets] required`, or the local development list workers/api/.dev.vars.example); and
 * what of that an environment (production-config.ts) lacks.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { EnvironmentSummary } from './production-config';

export const API_ENV_TYPES = 'workers/api/worker-configuration.d.ts';
export const PAGES_ENV_TYPES = 'app/env.d.ts';
export const SECRETS_EXAMPLE = 'workers/api/.dev.vars.example';

/**
 * The members of every interface named `name` in a declaration file (the generated `Cloudflare.Env`, or `PagesEnv`),
 * with whether each is optional. Parsed with TypeScript itself, so a reformatted generated file still reads.
 */
export function interfaceMembers(source: string, name: string): { name: string; optional: boolean }[] {
  const file = ts.createSourceFile('env.d.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const declarations = new Map<string, ts.InterfaceDeclaration[]>();
  const collect = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node))
      declarations.set(node.name.text, [...(declarations.get(node.name.text) ?? []), node]);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const found = new Map<string, boolean>();
  const seen = new Set<string>();
  // wrangler 4.164 writes the members once in `__BaseEnv_Env` and `interface Env extends __BaseEnv_Env {}`: follow
  // what an interface extends when it is declared in the same file.
  const add = (interfaceName: string) => {
    if (seen.has(interfaceName)) return;
    seen.add(interfaceName);
    for (const node of declarations.get(interfaceName) ?? []) {
      for (const member of node.members) {
        if (
          ts.isPropertySignature(member) &&
          member.name &&
          (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
        ) {
          found.set(member.name.text, (found.get(member.name.text) ?? true) && member.questionToken !== undefined);
        }
      }
      for (const clause of node.heritageClauses ?? []) {
        for (const type of clause.types) {
          const base = type.expression;
          add(ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : '');
        }
      }
    }
  };
  add(name);
  return [...found].map(([member, optional]) => ({ name: member, optional }));
}

/** Names set in a .dev.vars file (KEY=value lines). */
export function dotVarsNames(source: string): string[] {
  return source
    .split('\n')
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((n): n is string => n !== undefined);
}

/** What the code reads: the API Worker's generated Env, the Pages app's PagesEnv, and the secrets it expects. */
export function readCodeNeeds() {
  return {
    api: interfaceMembers(readFileSync(API_ENV_TYPES, 'utf8'), 'Env'),
    pages: interfaceMembers(readFileSync(PAGES_ENV_TYPES, 'utf8'), 'PagesEnv'),
    secrets: dotVarsNames(readFileSync(SECRETS_EXAMPLE, 'utf8')),
  };
}

/**
 * Everything the code reads that the environment does not provide, in words; [] when production is complete. A
 * name the code reads must be a binding or var of the environment, or one of `secrets` (set with `wrangler secret
 * put`). Optional members count too: the type says optional because another environment lacks them.
 */
export function missingFromProduction(
  reads: { name: string }[],
  env: Pick<EnvironmentSummary, 'bindings' | 'vars'>,
  secrets: string[],
  where: string,
): string[] {
  return reads
    .filter((r) => !(r.name in env.bindings) && !(r.name in env.vars) && !secrets.includes(r.name))
    .map((r) => `${where} reads ${r.name}, which production neither binds, sets as a var, nor requires as a secret`);
}

/**
 * The secrets production must have: its `[secrets] required` (what `wrangler deploy` refuses to publish without),
 * or, for a config without that section, the names of .dev.vars.example; never a name that is a var or binding.
 */
export function secretsOf(
  env: Pick<EnvironmentSummary, 'bindings' | 'vars' | 'secretsRequired'>,
  devVars: string[],
): string[] {
  const declared = env.secretsRequired.length ? env.secretsRequired : devVars;
  return declared.filter((s) => !(s in env.bindings) && !(s in env.vars));
}
