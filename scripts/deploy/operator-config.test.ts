import { describe, expect, it } from 'vitest';
import { ABUSE_EMAIL, SITE_NAME, SUPPORT_EMAIL } from '../../core/site';
import {
  domainOf,
  operatorConfigProblems,
  readOperatorConfig,
  zoneCandidates,
  type OperatorConfig,
} from './operator-config';

const committed = readOperatorConfig();
const real: OperatorConfig = {
  siteName: 'Memes of Ours',
  contactEmail: 'hello@memes.ours.org',
  abuseEmail: 'abuse@ours.org',
  environments: { production: { domain: 'memes.ours.org' }, staging: { domain: '' } },
};

describe('memeforge.config.ts, the operator’s configuration', () => {
  it('is what the pages show: the site name and both addresses come from it', () => {
    expect([SITE_NAME, SUPPORT_EMAIL, ABUSE_EMAIL]).toEqual([
      committed.siteName,
      committed.contactEmail,
      committed.abuseEmail,
    ]);
  });

  it('holds local placeholders a deploy refuses, one sentence per field naming the file and the field', () => {
    const problems = operatorConfigProblems(committed, 'production');
    expect(problems).toEqual([
      expect.stringMatching(
        /^memeforge\.config\.ts contactEmail is "support@memeforge\.example", a placeholder .*contact, help and privacy pages/,
      ),
      expect.stringMatching(
        /^memeforge\.config\.ts abuseEmail is "abuse@memeforge\.example", a placeholder .*Report link/,
      ),
      expect.stringMatching(
        /^memeforge\.config\.ts environments\.production\.domain is "memeforge\.example", a placeholder/,
      ),
    ]);
  });

  it('accepts a configuration with real addresses and a domain, and staging on its pages.dev address', () => {
    expect(operatorConfigProblems(real, 'production')).toEqual([]);
    expect(operatorConfigProblems(real, 'staging')).toEqual([]);
    expect(domainOf(real, 'staging')).toBeUndefined();
    expect(domainOf(real, 'production')).toBe('memes.ours.org');
  });

  it('refuses empty values, malformed ones, every reserved name, and a platform address as a domain', () => {
    const with_ = (patch: Partial<OperatorConfig>, domain = 'memes.ours.org') =>
      operatorConfigProblems(
        { ...real, ...patch, environments: { production: { domain }, staging: { domain: '' } } },
        'production',
      );
    expect(with_({ siteName: ' ' })).toEqual([expect.stringContaining('siteName is empty')]);
    expect(with_({ contactEmail: '' })).toEqual([expect.stringContaining('contactEmail is empty')]);
    expect(with_({ abuseEmail: 'abuse at ours' })).toEqual([expect.stringContaining('which is not an e-mail address')]);
    for (const reserved of ['a@x.test', 'a@mail.invalid', 'a@localhost', 'a@example.com', 'a@shop.example.org']) {
      expect(with_({ contactEmail: reserved }), reserved).toEqual([expect.stringContaining('a placeholder')]);
    }
    expect(with_({}, '')).toEqual([expect.stringContaining('production needs a domain of its own')]);
    expect(with_({}, 'https://memes.ours.org/')).toEqual([expect.stringContaining('which is not a domain name')]);
    expect(with_({}, 'memeforge.pages.dev')).toEqual([
      expect.stringContaining('an address Cloudflare gives the project itself'),
    ]);
    // A placeholder staging domain is refused too; an empty one is its pages.dev address.
    expect(
      operatorConfigProblems(
        { ...real, environments: { ...real.environments, staging: { domain: 'staging.memeforge.example' } } },
        'staging',
      ),
    ).toHaveLength(1);
  });

  it('names a field of the wrong shape instead of rendering undefined', () => {
    expect(() => readOperatorConfig({ ...real, supportEmail: 'x@ours.org' })).toThrow(
      /memeforge\.config\.ts is not in the expected shape/,
    );
    expect(() => readOperatorConfig({ ...real, environments: { production: { domain: 'memes.ours.org' } } })).toThrow(
      /environments\.staging/,
    );
  });

  it('looks for the domain’s zone from the longest name down, never a top-level name alone', () => {
    expect(zoneCandidates('memes.ours.co.uk')).toEqual(['memes.ours.co.uk', 'ours.co.uk', 'co.uk']);
    expect(zoneCandidates('ours.org')).toEqual(['ours.org']);
  });
});
