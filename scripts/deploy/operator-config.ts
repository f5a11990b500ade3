/**
 * The operator's configuration (memeforge.config.ts, ADR 0143) as the deploy reads it: its shape checked, its
 * placeholders refused in sentences that name the file and the field, and each environment's site origin (the
 * SITE_ORIGIN the deploy gives the API Worker). The app imports the same file itself (core/site.ts).
 */
import { z } from 'zod';
import operator from '../../memeforge.config';

export const OPERATOR_CONFIG = 'memeforge.config.ts';
export const DEPLOY_ENVIRONMENTS = ['production', 'staging'] as const;
export type DeployEnvironment = (typeof DEPLOY_ENVIRONMENTS)[number];

const environmentSchema = z.object({ domain: z.string() }).strict();
const operatorSchema = z
  .object({
    siteName: z.string(),
    contactEmail: z.string(),
    abuseEmail: z.string(),
    environments: z.object({ production: environmentSchema, staging: environmentSchema }).strict(),
  })
  .strict();
export type OperatorConfig = z.infer<typeof operatorSchema>;

/** The committed file, checked: a missing or misspelt field is named here rather than shown as `undefined` on a page. */
export function readOperatorConfig(value: unknown = operator): OperatorConfig {
  const parsed = operatorSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map((i) => `${i.path.join('.') || '(the file)'}: ${i.message}`).join('; ');
  throw new Error(`${OPERATOR_CONFIG} is not in the expected shape (${where}); compare it with docs/deploy.md`);
}

/**
 * Names no one can own (RFC 2606 and RFC 6761): mail to them reaches no one and no site is served there. The committed
 * configuration uses them so that a deploy of it is refused.
 */
const RESERVED_NAME = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;
/** A hostname in lowercase: labels of letters, digits and inner hyphens, and a top-level name of letters. */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@([^\s@]+)$/;
/** Addresses Cloudflare gives every project: not a domain of the operator's own. */
const PLATFORM_NAME = /(^|\.)(pages|workers)\.dev$/;

export const isReservedName = (name: string) => RESERVED_NAME.test(name.trim());

function emailProblem(field: 'contactEmail' | 'abuseEmail', value: string, purpose: string): string | undefined {
  const at = `${OPERATOR_CONFIG} ${field}`;
  if (value.trim() === '') return `${at} is empty: ${purpose}`;
  const domain = EMAIL.exec(value.trim())?.[1]?.toLowerCase();
  if (domain && isReservedName(domain))
    return `${at} is "${value}", a placeholder (${domain} is a reserved name no mail reaches): ${purpose}`;
  if (!domain || !HOSTNAME.test(domain)) return `${at} is "${value}", which is not an e-mail address: ${purpose}`;
  return undefined;
}

function domainProblem(environment: DeployEnvironment, value: string): string | undefined {
  const at = `${OPERATOR_CONFIG} environments.${environment}.domain`;
  const example = 'a domain of yours such as memes.yourname.org (no https://, no path)';
  if (value === '') {
    return environment === 'production'
      ? `${at} is empty: production needs a domain of its own, ${example}; pages.dev addresses are for staging`
      : undefined;
  }
  if (isReservedName(value)) return `${at} is "${value}", a placeholder no one can own: write ${example}`;
  if (!HOSTNAME.test(value)) return `${at} is "${value}", which is not a domain name: write ${example}`;
  if (PLATFORM_NAME.test(value))
    return `${at} is "${value}", an address Cloudflare gives the project itself: write ${example}, or '' for staging's pages.dev address`;
  return undefined;
}

/**
 * What stops a deploy of `environment` in the configuration, one sentence each naming the file and the field; []
 * when it can be deployed. Local runs never call this: they work with the committed placeholders.
 */
export function operatorConfigProblems(config: OperatorConfig, environment: DeployEnvironment): string[] {
  const problems = [
    config.siteName.trim() === ''
      ? `${OPERATOR_CONFIG} siteName is empty: write the name the pages and share cards show`
      : undefined,
    emailProblem(
      'contactEmail',
      config.contactEmail,
      'write the address that answers people (the contact, help and privacy pages show it)',
    ),
    emailProblem(
      'abuseEmail',
      config.abuseEmail,
      'write the address that answers take-down requests (every share page’s Report link writes to it)',
    ),
    domainProblem(environment, config.environments[environment].domain),
  ];
  return problems.filter((p): p is string => p !== undefined);
}

/** The environment's own domain, or undefined when it lives on its pages.dev address (staging only). */
export const domainOf = (config: OperatorConfig, environment: DeployEnvironment): string | undefined =>
  config.environments[environment].domain || undefined;

/**
 * The zones a domain may belong to, the longest name first (memes.yourname.org, then yourname.org): the preflight asks
 * the account for each until one is found. A one-label name is never a zone of an account.
 */
export function zoneCandidates(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}
