/**
 * POST /api/contact (ADR 0158): a message is kept in D1 as typed (less control characters) and nothing else about the
 * sender; every bad input is a 400/413/415 in words with nothing stored; the sixth message in a minute is a 429; a
 * browser's cross-site POST is refused (ADR 0113); the cron deletes messages past CONTACT_KEPT_DAYS.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_KEPT_DAYS,
  CONTACT_MESSAGE_MAX_CHARS,
  CONTACT_MESSAGES,
  CONTACT_NAME_MAX_CHARS,
  contactReceivedSchema,
} from '../../../../core/api/contact';
import { BILLED_CALLS_HEADER } from '../../../../core/api/billed-calls';
import { apiErrorSchema } from '../../../../core/api/errors';
import { MAX_JSON_BYTES, RATE_LIMITS_PER_MINUTE } from '../../../../core/limits';
import { CROSS_SITE_MESSAGE } from '../../src/cross-site';
import worker from '../../src/index';
import { api, awayFromMinuteBoundary, cookiesFrom } from '../helpers';

const GOOD = { name: 'Ada', email: 'ada@example.com', topic: 'help', message: 'How do I make a GIF meme?\nThanks!' };

function send(body: unknown, headers: Record<string, string> = {}) {
  return api('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const count = async () =>
  (await env.DB.prepare('select count(*) as n from contact_messages').first<{ n: number }>())!.n;

/** The answer is the JSON error with this status, code and (when given) words, and nothing was stored. */
async function refused(res: Response, status: number, code: string, words?: string) {
  expect(res.status).toBe(status);
  const body = apiErrorSchema.parse(await res.json());
  expect(body.code).toBe(code);
  if (words) expect(body.error).toBe(words);
  return body;
}

describe('POST /api/contact', () => {
  beforeEach(async () => {
    await env.DB.prepare('delete from contact_messages').run();
  });

  it('keeps the message, and only what was typed, and says until when', async () => {
    const res = await send({ ...GOOD, name: '  Ada \u202eLovelace ', message: 'Hello\r\n\u001b[2Jthere\u0007  ' });
    expect(res.status).toBe(201);
    // Burst-limited but never billed (core/api/billed-calls.ts): no x-billed-calls.
    expect(res.headers.get(BILLED_CALLS_HEADER)).toBeNull();
    const answer = contactReceivedSchema.parse(await res.json());
    const kept = Date.parse(answer.keptUntil) - Date.parse(answer.receivedAt);
    expect(kept).toBe(CONTACT_KEPT_DAYS * 24 * 3600_000);
    const row = await env.DB.prepare('select * from contact_messages where id = ?')
      .bind(answer.id)
      .first<Record<string, unknown>>();
    // Control characters and bidirectional overrides are gone (the operator reads these in a terminal); the line break stays.
    expect(row).toEqual({
      id: answer.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      topic: 'help',
      message: 'Hello\n[2Jthere',
      created_at: Date.parse(answer.receivedAt),
    });
  });

  it('takes a message without a name, and drops fields it does not know', async () => {
    const res = await send({ email: 'x@example.org', topic: 'other', message: 'Hi', visitor: 'spoofed' });
    expect(res.status).toBe(201);
    const { id } = contactReceivedSchema.parse(await res.json());
    expect(await env.DB.prepare('select name from contact_messages where id = ?').bind(id).first()).toEqual({
      name: null,
    });
  });

  const BAD: [string, unknown, string][] = [
    ['no e-mail address', { ...GOOD, email: undefined }, CONTACT_MESSAGES.email],
    ['an address that is not one', { ...GOOD, email: 'ada at example' }, CONTACT_MESSAGES.email],
    ['an address of spaces', { ...GOOD, email: '   ' }, CONTACT_MESSAGES.email],
    [
      'an address over 254 characters',
      { ...GOOD, email: `${'a'.repeat(250)}@example.com` },
      CONTACT_MESSAGES.emailLong,
    ],
    ['an address that is a number', { ...GOOD, email: 42 }, CONTACT_MESSAGES.email],
    ['no topic', { ...GOOD, topic: undefined }, CONTACT_MESSAGES.topic],
    ['a topic the form does not offer', { ...GOOD, topic: 'refund-now' }, CONTACT_MESSAGES.topic],
    ['no message', { ...GOOD, message: undefined }, CONTACT_MESSAGES.message],
    ['an empty message', { ...GOOD, message: '' }, CONTACT_MESSAGES.message],
    ['a message of spaces and control characters', { ...GOOD, message: ' \n\t\u0000 ' }, CONTACT_MESSAGES.message],
    ['a message that is a list', { ...GOOD, message: ['hi'] }, CONTACT_MESSAGES.message],
    [
      'a message over the limit',
      { ...GOOD, message: 'x'.repeat(CONTACT_MESSAGE_MAX_CHARS + 1) },
      CONTACT_MESSAGES.messageLong,
    ],
    ['a name over the limit', { ...GOOD, name: 'n'.repeat(CONTACT_NAME_MAX_CHARS + 1) }, CONTACT_MESSAGES.nameLong],
    ['a name that is not text', { ...GOOD, name: { first: 'Ada' } }, CONTACT_MESSAGES.nameLong],
    ['a name sent empty', { ...GOOD, name: '  ' }, CONTACT_MESSAGES.nameEmpty],
  ];
  for (const [what, body, words] of BAD) {
    it(`refuses ${what} with 400 validation_failed in words, storing nothing`, async () => {
      await refused(await send(body), 400, 'validation_failed', words);
      expect(await count()).toBe(0);
    });
  }

  it('refuses a body that is not a JSON object, not JSON, not declared JSON, or too large', async () => {
    await refused(await send('[]'), 400, 'validation_failed');
    await refused(await send('null'), 400, 'validation_failed');
    await refused(await send('{"email": '), 400, 'invalid_json');
    await refused(await send(GOOD, { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    const form = new FormData();
    for (const [k, v] of Object.entries(GOOD)) form.append(k, v);
    await refused(await api('/api/contact', { method: 'POST', body: form }), 415, 'unsupported_media_type');
    await refused(await send({ ...GOOD, message: 'x'.repeat(MAX_JSON_BYTES) }), 413, 'payload_too_large');
    expect(await count()).toBe(0);
  });

  it('answers GET with 405 naming POST', async () => {
    const res = await api('/api/contact');
    await refused(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses a POST a browser marks as cross-site (another site’s form), storing nothing', async () => {
    await refused(await send(GOOD, { 'sec-fetch-site': 'cross-site' }), 403, 'forbidden', CROSS_SITE_MESSAGE);
    // The site's own page.
    expect((await send(GOOD, { 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect(await count()).toBe(1);
  });

  it(`answers the ${RATE_LIMITS_PER_MINUTE.contact + 1}th message in a minute from one visitor with 429 and Retry-After, storing nothing`, async () => {
    await awayFromMinuteBoundary();
    const first = await send(GOOD);
    expect(first.status).toBe(201);
    const cookie = cookiesFrom(first);
    for (let i = 1; i < RATE_LIMITS_PER_MINUTE.contact; i++) expect((await send(GOOD, { cookie })).status).toBe(201);
    const res = await send(GOOD, { cookie });
    await refused(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(RATE_LIMITS_PER_MINUTE.contact);
    // Bad input counts too: a script cannot probe the validator without limit.
    expect((await send({}, { cookie })).status).toBe(429);
  });

  it('counts a network too behind the edge: fresh cookies from one address are refused after the limit', async () => {
    await awayFromMinuteBoundary();
    const ip = { 'cf-connecting-ip': '198.51.100.77' };
    for (let i = 0; i < RATE_LIMITS_PER_MINUTE.contact; i++) expect((await send(GOOD, ip)).status).toBe(201);
    await refused(await send(GOOD, ip), 429, 'rate_limited');
    expect((await send(GOOD, { 'cf-connecting-ip': '198.51.100.78' })).status).toBe(201);
  });
});

describe('contact message retention', () => {
  it(`the cron deletes messages older than ${CONTACT_KEPT_DAYS} days and keeps the rest`, async () => {
    await env.DB.prepare('delete from contact_messages').run();
    const now = Date.now();
    const day = 24 * 3600_000;
    const insert = env.DB.prepare(
      "insert into contact_messages (id, email, topic, message, created_at) values (?, 'a@example.com', 'other', 'hi', ?)",
    );
    await env.DB.batch([
      insert.bind('old', now - (CONTACT_KEPT_DAYS * day + 60_000)),
      insert.bind('young', now - (CONTACT_KEPT_DAYS - 1) * day),
      insert.bind('new', now),
    ]);
    const ctx = createExecutionContext();
    await worker.scheduled!(
      createScheduledController({ scheduledTime: new Date(now), cron: '*/15 * * * *' }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare('select id from contact_messages order by created_at').all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(['young', 'new']);
  });
});
