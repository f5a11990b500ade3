import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { accountSchema, signedInSchema } from '../../../../core/api/account';
import { ACCESS_CODE_MAX_FAILURES_PER_MINUTE } from '../../../../core/limits';
import { ACCESS_CODE, api, awayFromMinuteBoundary, cookiesFrom, pngDeclaring, toBase64 } from '../helpers';
import { deleteAccount, finishAccountDeletions } from '../../src/identity/account-deletion';
import { SoftAuthenticator } from '../support/soft-authenticator';

/** The Worker tests' site (vitest.config.ts SITE_ORIGIN): its name is the relying party. */
const ORIGIN = 'http://local';

const postJson = (path: string, body: unknown, cookie = '') =>
  api(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

async function optionsFor(path: string, cookie = '') {
  const res = await postJson(path, {}, cookie);
  expect(res.status).toBe(200);
  return {
    options: ((await res.json()) as { options: { challenge: string } }).options,
    cookie: cookiesFrom(res, cookie),
  };
}

/** A new account made with a software passkey; the browser's cookies after it. */
async function createAccount(cookie = '') {
  const passkey = await SoftAuthenticator.create();
  const { options, cookie: jar } = await optionsFor('/api/account/options', cookie);
  const res = await postJson('/api/account', { response: await passkey.register(options, ORIGIN) }, jar);
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { passkey, cookie: cookiesFrom(res, jar), ...signedInSchema.parse(body) };
}

async function signIn(passkey: SoftAuthenticator, cookie = '', origin = ORIGIN) {
  const { options, cookie: jar } = await optionsFor('/api/account/sign-in/options', cookie);
  const res = await postJson('/api/account/sign-in', { response: await passkey.signIn(options, origin) }, jar);
  return { res, cookie: cookiesFrom(res, jar) };
}

/** A share link made by this browser; its id. */
async function shareAs(cookie: string): Promise<string> {
  const form = new FormData();
  form.append('image', new File([pngDeclaring(8, 8)], 'meme.png', { type: 'image/png' }));
  const res = await api('/api/shares', { method: 'POST', body: form, headers: { cookie } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const count = async (sql: string, ...params: string[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<number>('n')) ?? 0;

describe('accounts with passkeys', () => {
  it('creates an account with a passkey: signed in, the recovery code shown once, GET /api/account 401 when signed out', async () => {
    expect((await api('/api/account')).status).toBe(401);
    const { account, recoveryCode, cookie } = await createAccount();
    expect(recoveryCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(cookie).toMatch(/mf_account=/);
    const me = accountSchema.parse(await (await api('/api/account', { headers: { cookie } })).json());
    expect(me).toMatchObject({
      id: account.id,
      premium: false,
      passkeys: [{ lastUsedAt: null }],
      sessions: [{ current: true }],
    });
    // Only a hash of the code is kept.
    expect(
      await count(
        'select count(*) as n from accounts where id = ? and recovery_code_hash != ?',
        account.id,
        recoveryCode!,
      ),
    ).toBe(1);
  });

  it('refuses a replayed challenge, a wrong origin, an unknown passkey and a cloned counter', async () => {
    const { passkey } = await createAccount();
    // Replay: the same signed answer twice; the challenge was taken by the first.
    const { options } = await optionsFor('/api/account/sign-in/options');
    const answer = await passkey.signIn(options, ORIGIN);
    expect((await postJson('/api/account/sign-in', { response: answer })).status).toBe(200);
    const replay = await postJson('/api/account/sign-in', { response: answer });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { code: string }).code).toBe('challenge_expired');

    const wrongOrigin = await signIn(passkey, '', 'http://evil.example');
    expect(wrongOrigin.res.status).toBe(401);
    expect(wrongOrigin.cookie).not.toMatch(/mf_account=/);

    const stranger = await signIn(await SoftAuthenticator.create());
    expect(stranger.res.status).toBe(401);
    expect(await stranger.res.json()).toEqual({
      code: 'unauthorized',
      error: 'This passkey does not belong to an account here. It may have been removed, or the account deleted.',
    });

    // A copy whose counter stayed behind (a cloned authenticator) is refused; the original goes on.
    const clone = passkey.clone();
    expect((await signIn(passkey)).res.status).toBe(200);
    expect((await signIn(clone)).res.status).toBe(401);
  });

  it('locks a browser out after too many failed sign-ins in a minute', async () => {
    await awayFromMinuteBoundary();
    const stranger = await SoftAuthenticator.create();
    let cookie = '';
    for (let i = 0; i < ACCESS_CODE_MAX_FAILURES_PER_MINUTE; i++) {
      const attempt = await signIn(stranger, cookie);
      expect(attempt.res.status).toBe(401);
      cookie = attempt.cookie;
    }
    const locked = await signIn(stranger, cookie);
    expect(locked.res.status).toBe(429);
    expect(locked.res.headers.get('retry-after')).toMatch(/^\d+$/);
    // A wrong recovery code counts on the same window.
    expect((await postJson('/api/account/recover', { recoveryCode: 'AAAA-BBBB-CCCC-DDDD-EEEE' }, cookie)).status).toBe(
      429,
    );
  });

  it('signs in with the recovery code once, answering a new one', async () => {
    const { account, recoveryCode } = await createAccount();
    const first = await postJson('/api/account/recover', { recoveryCode: recoveryCode!.toLowerCase() });
    const body = signedInSchema.parse(await first.json());
    expect(body.account.id).toBe(account.id);
    expect(body.recoveryCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(body.recoveryCode).not.toBe(recoveryCode);
    expect((await postJson('/api/account/recover', { recoveryCode })).status).toBe(401);
    const bad = await postJson('/api/account/recover', { recoveryCode: 'short' });
    expect(bad.status).toBe(400);
  });

  it("moves a browser's premium, saved memes and share links into the account exactly once, and lists the shares on another device", async () => {
    // A visitor with premium, a saved meme and a share link.
    const unlock = await postJson('/api/session', { accessCode: ACCESS_CODE });
    expect(unlock.status).toBe(200);
    let browser = cookiesFrom(unlock);
    const visitorId = /mf_vid=([0-9a-f]+)\./.exec(browser)![1]!;
    const saved = await postJson(
      '/api/download-meme',
      { canvasData: `data:image/png;base64,${toBase64(pngDeclaring(8, 8))}`, format: 'png' },
      browser,
    );
    expect(saved.status).toBe(201);
    const shareId = await shareAs(browser);

    const made = await createAccount(browser);
    expect(made.moved).toEqual({ memes: 1, shares: 1, keys: 0, premium: true });
    expect(made.account.premium).toBe(true);
    browser = made.cookie;
    expect(await count('select count(*) as n from saved_memes where member_id = ?', visitorId)).toBe(0);
    expect(await count('select count(*) as n from members where id = ?', visitorId)).toBe(0);

    // Signing in again on the same browser moves nothing more, and counts nothing twice.
    const again = await signIn(made.passkey, browser);
    expect(signedInSchema.parse(await again.res.json()).moved).toEqual({
      memes: 0,
      shares: 0,
      keys: 0,
      premium: false,
    });
    expect(await count('select count(*) as n from saved_memes where member_id = ?', made.account.id)).toBe(1);

    // Another device: the same passkey (synced) sees the account's share, and may delete it without the token.
    const phone = await signIn(made.passkey.clone());
    expect(phone.res.status).toBe(200);
    const listed = (await (await api('/api/shares', { headers: { cookie: phone.cookie } })).json()) as {
      shares: { id: string }[];
    };
    expect(listed.shares.map((s) => s.id)).toEqual([shareId]);
    expect((await api(`/api/shares/${shareId}`, { method: 'DELETE', headers: { cookie: phone.cookie } })).status).toBe(
      204,
    );
    // A stranger's browser, signed out, has none.
    expect(((await (await api('/api/shares')).json()) as { shares: unknown[] }).shares).toEqual([]);
  });

  it('deletes an account: every row and object of it gone, its share link 410, every device signed out', async () => {
    const made = await createAccount();
    const unlock = await postJson('/api/session', { accessCode: ACCESS_CODE }, made.cookie);
    expect(unlock.status).toBe(200);
    const saved = await postJson(
      '/api/download-meme',
      { canvasData: `data:image/png;base64,${toBase64(pngDeclaring(8, 8))}`, format: 'png' },
      made.cookie,
    );
    expect(saved.status).toBe(201);
    const shared = { id: await shareAs(made.cookie) };
    const key = await postJson('/api/keys', { name: 'bot' }, made.cookie);
    expect(key.status).toBe(201);
    const other = await signIn(made.passkey.clone());
    const objectKeys = [
      ...(
        await env.DB.prepare('select object_key as k from saved_memes where member_id = ?')
          .bind(made.account.id)
          .all<{ k: string }>()
      ).results,
      ...(
        await env.DB.prepare('select object_key as k from shares where member_id = ?')
          .bind(made.account.id)
          .all<{ k: string }>()
      ).results,
    ].map((r) => r.k);
    expect(objectKeys).toHaveLength(2);
    // Export first: a ZIP holding the saved meme, the shared picture and account.json naming the key (never the key).
    const exported = await api('/api/account/export', { headers: { cookie: made.cookie } });
    expect(exported.headers.get('content-type')).toBe('application/zip');
    const zip = new TextDecoder('latin1').decode(await exported.arrayBuffer());
    expect(zip.startsWith('PK\x03\x04')).toBe(true);
    expect(zip).toMatch(new RegExp(`shares/${shared.id}\\.png[\\s\\S]*account\\.json`));
    expect(zip).toContain('"name": "bot"');
    expect(zip).not.toContain(((await key.clone().json()) as { key: string }).key);

    const gone = await api('/api/account', { method: 'DELETE', headers: { cookie: made.cookie } });
    expect(gone.status).toBe(204);
    expect(gone.headers.getSetCookie().some((c) => c.startsWith('mf_account=;'))).toBe(true);

    const id = made.account.id;
    const left = await count(
      `select (select count(*) from accounts where id = ?1) + (select count(*) from passkeys where account_id = ?1)
        + (select count(*) from account_sessions where account_id = ?1) + (select count(*) from members where id = ?1)
        + (select count(*) from saved_memes where member_id = ?1) + (select count(*) from shares where member_id = ?1)
        + (select count(*) from api_keys where member_id = ?1) + (select count(*) from activity where member_id = ?1)
        + (select count(*) from webauthn_challenges where account_id = ?1) as n`,
      id,
    );
    expect(left).toBe(0);
    const objects = await Promise.all(objectKeys.map((k) => env.BUCKET.head(k)));
    expect(objects.filter(Boolean)).toHaveLength(0);
    expect((await api(`/api/shares/${shared.id}`)).status).toBe(410);
    expect((await api(`/api/shares/${shared.id}/image`)).status).toBe(410);
    expect((await api('/api/account', { headers: { cookie: other.cookie } })).status).toBe(401);
    expect((await signIn(made.passkey)).res.status).toBe(401);
  });

  it('leaves a deletion whose later step failed signed out and marked, and the cron finishes it', async () => {
    const made = await createAccount();
    const shared = { id: await shareAs(made.cookie) };
    const r2Down = { ...env, BUCKET: { delete: () => Promise.reject(new Error('R2 is down')) } as unknown as R2Bucket };
    await expect(deleteAccount(r2Down, made.account.id)).rejects.toThrow('R2 is down');
    expect((await api('/api/account', { headers: { cookie: made.cookie } })).status).toBe(401);
    expect(
      await count('select count(*) as n from accounts where id = ? and deleting_at is not null', made.account.id),
    ).toBe(1);

    expect(await finishAccountDeletions(env, Date.now())).toBeGreaterThanOrEqual(1);
    expect(await count('select count(*) as n from accounts where id = ?', made.account.id)).toBe(0);
    expect(await count('select count(*) as n from shares where member_id = ?', made.account.id)).toBe(0);
    expect((await api(`/api/shares/${shared.id}`)).status).toBe(410);
  });

  it('adds and removes passkeys (the last only when confirmed) and signs devices out one by one or everywhere', async () => {
    const made = await createAccount();
    const laptop = await SoftAuthenticator.create();
    const { options, cookie } = await optionsFor('/api/account/passkeys/options', made.cookie);
    const added = await postJson('/api/account/passkeys', { response: await laptop.register(options, ORIGIN) }, cookie);
    expect(added.status).toBe(201);
    expect(accountSchema.parse(await added.json()).passkeys).toHaveLength(2);
    const fromLaptop = await signIn(laptop);
    expect(fromLaptop.res.status).toBe(200);

    const remove = (id: string, query = '') =>
      api(`/api/account/passkeys/${id}${query}`, { method: 'DELETE', headers: { cookie: made.cookie } });
    expect((await remove(made.passkey.id)).status).toBe(204);
    const last = await remove(laptop.id);
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: string }).error).toMatch(/^This is your only passkey/);
    expect((await remove(laptop.id, '?last=confirmed')).status).toBe(204);

    const sessions = accountSchema.parse(
      await (await api('/api/account', { headers: { cookie: made.cookie } })).json(),
    ).sessions;
    expect(sessions).toHaveLength(2);
    const laptopSession = sessions.find((s) => !s.current)!;
    expect(
      (await api(`/api/account/sessions/${laptopSession.id}`, { method: 'DELETE', headers: { cookie: made.cookie } }))
        .status,
    ).toBe(204);
    expect((await api('/api/account', { headers: { cookie: fromLaptop.cookie } })).status).toBe(401);
    const everywhere = await api('/api/account/sessions', { method: 'DELETE', headers: { cookie: made.cookie } });
    expect(everywhere.status).toBe(204);
    expect((await api('/api/account', { headers: { cookie: made.cookie } })).status).toBe(401);
    // An API key cannot reach the account routes.
    expect((await api('/api/account', { headers: { authorization: `Bearer mf_${'a'.repeat(43)}` } })).status).toBe(403);
  });
});
