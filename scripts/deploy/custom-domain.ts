/**
 * The environment's own domain on its Pages project (ADR 0143), which wrangler has no command for: the domain is
 * added to the project (`POST /accounts/{id}/pages/projects/{project}/domains`,
 * https://developers.cloudflare.com/api/resources/pages/subresources/projects/subresources/domains/methods/create/),
 * and a proxied CNAME from it to the project's pages.dev address is put in its zone, which adding the domain through
 * the API does not do (`POST /zones/{zone}/dns_records`). Both are looked up first: a second run changes nothing, and a
 * record the operator already has at that name is never replaced.
 */
import { resultOf, type Api } from './cloudflare-api';

export interface CustomDomain {
  accountId: string;
  project: string;
  domain: string;
  zoneId: string;
  /** The project's pages.dev address, which the CNAME points at. */
  target: string;
}

interface DnsRecord {
  type: string;
  name: string;
  content: string;
}

/** Adds what is missing; returns what it did, one line each. */
export async function ensureCustomDomain(api: Api, d: CustomDomain): Promise<string[]> {
  const done: string[] = [];
  const domainsPath = `/accounts/${d.accountId}/pages/projects/${d.project}/domains`;
  const pagesPermission = 'Account · Cloudflare Pages · Edit';
  const domains = resultOf(await api('GET', domainsPath), `GET ${domainsPath}`, pagesPermission) as {
    name: string;
    status?: string;
  }[];
  const attached = domains.find((x) => x.name === d.domain);
  if (attached) done.push(`${d.domain} is a domain of ${d.project} (${attached.status ?? 'status unknown'})`);
  else {
    resultOf(await api('POST', domainsPath, { name: d.domain }), `POST ${domainsPath}`, pagesPermission);
    done.push(`added ${d.domain} to ${d.project}`);
  }

  const recordsPath = `/zones/${d.zoneId}/dns_records`;
  const dnsPermission = 'Zone · DNS · Edit on the domain’s zone';
  const records = resultOf(
    await api('GET', `${recordsPath}?name=${encodeURIComponent(d.domain)}`),
    `GET ${recordsPath}`,
    dnsPermission,
  ) as DnsRecord[];
  const ours = records.find((r) => r.type === 'CNAME' && r.content === d.target);
  if (ours) done.push(`${d.domain} CNAME ${d.target} is in place`);
  else if (records.length) {
    const held = records.map((r) => `${r.type} ${r.content}`).join(', ');
    throw new Error(
      `${d.domain} already has DNS records (${held}); the deploy replaces none. Point it at the site with a proxied CNAME to ${d.target} (or delete those records), then run the deploy again`,
    );
  } else {
    resultOf(
      await api('POST', recordsPath, { type: 'CNAME', name: d.domain, content: d.target, proxied: true, ttl: 1 }),
      `POST ${recordsPath}`,
      dnsPermission,
    );
    done.push(`created ${d.domain} CNAME ${d.target} (proxied)`);
  }
  return done;
}
