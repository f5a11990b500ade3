/**
 * The smoke checks for what a person keeps or asks of the site beyond one picture: an account (signed out, the
 * passkey ceremony can start on this domain) and memes from a topic. Appended to scripts/smoke/checks.ts's list.
 * The ceremony's challenge expires by itself after five minutes (ADR 0171); the topic spends one unit of the daily AI
 * allowance, like the captions.
 */
import type { MemeSuggestResponse } from '../../core/api/suggest';
import { billedCalls, type Check, expectStatus, Failed, formatOf } from './answer';

const isIpAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');

export const PEOPLE_CHECKS: Check[] = [
  {
    name: 'account: signed out, a passkey can start',
    async run(client) {
      const account = await client.request('/api/account');
      expectStatus(account, 401, 'GET /api/account without signing in');
      const options = await client.request('/api/account/options', { method: 'POST' });
      expectStatus(options, 200, 'POST /api/account/options');
      const { options: o } = options.json<{ options: { challenge?: string; rp?: { id?: string } } }>();
      if (!o.challenge || o.challenge.length < 16) throw new Failed('the passkey options carry no challenge');
      const rp = o.rp?.id ?? '';
      const host = new URL(client.base).hostname;
      // A passkey works only on its relying party's domain (or a subdomain of it); locally the site answers on an IP
      // address as well, where the relying party is `localhost` (ADR 0171).
      if (!isIpAddress(host) && host !== rp && !host.endsWith(`.${rp}`))
        throw new Failed(`the passkeys' relying party is "${rp}", which does not cover ${host}: sign-in would fail`);
      return { detail: `401 signed out; options for relying party ${rp}` };
    },
  },
  {
    name: 'memes from a topic (AI)',
    async run(client) {
      const answer = await client.request('/api/memes/suggest', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'when the deploy works on the first try', count: 2 }),
      });
      expectStatus(answer, 200, 'POST /api/memes/suggest');
      const body = answer.json<MemeSuggestResponse>();
      const first = body.candidates[0];
      if (!first) throw new Failed('no meme came back for the topic');
      if (body.candidates.some((c) => c.lines.length === 0 || c.lines.some((line) => line.trim() === '')))
        throw new Failed('a suggested meme has an empty line');
      const preview = await client.request(`${new URL(first.renderUrl, client.base).pathname}?width=400`);
      expectStatus(preview, 200, 'GET the first suggestion’s meme URL');
      if ((await formatOf(preview.bytes)) !== 'png') throw new Failed('the suggested meme is not a PNG');
      return {
        detail: `${body.candidates.length} memes from ${body.provider} (${first.source}), the first drawn${body.note ? `; ${body.note}` : ''}`,
        billed: billedCalls(answer, 'the topic'),
      };
    },
  },
];
