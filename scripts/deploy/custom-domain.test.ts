import { describe, expect, it } from 'vitest';
import type { Api, ApiAnswer } from './cloudflare-api';
import { ensureCustomDomain, type CustomDomain } from './custom-domain';

const domain: CustomDomain = {
  accountId: 'acc',
  project: 'memeforge',
  domain: 'memes.ours.org',
  zoneId: 'zone',
  target: 'memeforge.pages.dev',
};
const ok = (result: unknown): ApiAnswer => ({ status: 200, success: true, result, errors: [] });

/** An API whose domains and DNS records are the given ones; it records the calls that change something. */
function apiWith(
  domains: string[],
  records: { type: string; name: string; content: string }[],
  answers: Partial<Record<string, ApiAnswer>> = {},
) {
  const changes: string[] = [];
  const api: Api = async (method, path, body) => {
    const override = answers[`${method} ${path.split('?')[0]}`];
    if (override) return override;
    if (method !== 'GET') changes.push(`${method} ${path} ${JSON.stringify(body)}`);
    return ok(
      path.includes('/domains') ? domains.map((name) => ({ name, status: 'active' })) : method === 'GET' ? records : {},
    );
  };
  return { api, changes };
}

describe('ensureCustomDomain', () => {
  it('adds the domain and a proxied CNAME to the pages.dev address when neither is there', async () => {
    const { api, changes } = apiWith([], []);
    expect(await ensureCustomDomain(api, domain)).toEqual([
      'added memes.ours.org to memeforge',
      'created memes.ours.org CNAME memeforge.pages.dev (proxied)',
    ]);
    expect(changes).toEqual([
      'POST /accounts/acc/pages/projects/memeforge/domains {"name":"memes.ours.org"}',
      'POST /zones/zone/dns_records {"type":"CNAME","name":"memes.ours.org","content":"memeforge.pages.dev","proxied":true,"ttl":1}',
    ]);
  });

  it('leaves both alone when they are in place', async () => {
    const { api, changes } = apiWith(
      ['memes.ours.org'],
      [{ type: 'CNAME', name: 'memes.ours.org', content: 'memeforge.pages.dev' }],
    );
    await ensureCustomDomain(api, domain);
    expect(changes).toEqual([]);
  });

  it('never replaces a record the operator has at that name, and says what to do', async () => {
    const { api, changes } = apiWith(
      ['memes.ours.org'],
      [{ type: 'A', name: 'memes.ours.org', content: '192.0.2.10' }],
    );
    await expect(ensureCustomDomain(api, domain)).rejects.toThrow(
      'memes.ours.org already has DNS records (A 192.0.2.10); the deploy replaces none. Point it at the site with a proxied CNAME to memeforge.pages.dev',
    );
    expect(changes).toEqual([]);
  });

  it('names the permission a refused call needs', async () => {
    const denied: ApiAnswer = {
      status: 403,
      success: false,
      result: null,
      errors: [{ code: 10000, message: 'Authentication error' }],
    };
    const { api } = apiWith([], [], { 'GET /zones/zone/dns_records': denied });
    await expect(ensureCustomDomain(api, domain)).rejects.toThrow(
      /the token needs Zone · DNS · Edit on the domain’s zone/,
    );
  });
});
