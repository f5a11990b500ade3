/**
 * Leaving (ADR 0170): export everything as one ZIP, and delete the account with everything it owns
 * (identity/account-deletion.ts).
 */
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { EDGE_PURGE_HEADER } from '../../../../core/api/edge-cache';
import { shareImagePath } from '../../../../core/api/shares';
import { zipStore, type ZipEntry } from '../../../../core/zip/store';
import { listOwnShares } from '../db/shares';
import { apiKeys, savedMemes } from '../db/schema';
import { deleteAccount, deletionBegun } from '../identity/account-deletion';
import { signedOutCookies } from '../identity/account-session';
import type { RequestContext } from '../identity/request-context';
import { describeAccount, requireAccount } from './account';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * DELETE /api/account: every device signed out and sign-in stopped at once, then everything the account owns deleted.
 * When a later step fails the deletion is still under way: the cron finishes it, and the answer is the same 204.
 */
export async function deleteAccountRoute(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  let takenDown: string[] = [];
  try {
    takenDown = await deleteAccount(env, account.accountId);
  } catch (err) {
    // The first batch (sign-out everywhere and the mark) either happened or threw before anything changed.
    if (!(await deletionBegun(env.DB, account.accountId))) throw err;
    console.error('account deletion left for the cron', err instanceof Error ? err.message : String(err));
  }
  for (const cookie of signedOutCookies(request)) context.setCookie(cookie);
  // The site's edge cache here drops the share pictures before this answer leaves, as a share's own delete does.
  const purge = takenDown.map((id) => shareImagePath(id)).join(',');
  return new Response(null, {
    status: 204,
    headers: { 'cache-control': 'no-store', ...(purge ? { [EDGE_PURGE_HEADER]: purge } : {}) },
  });
}

/** GET /api/account/export: a ZIP of the saved memes and shared pictures, and account.json describing the rest. */
export async function getAccountExport(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const session = await requireAccount(request, env, context);
  const now = Date.now();
  const d = drizzle(env.DB);
  const [account, memes, shares, keys] = await Promise.all([
    describeAccount(env, session.accountId, session.id, now),
    d.select().from(savedMemes).where(eq(savedMemes.memberId, session.accountId)),
    listOwnShares(env.DB, { accountId: session.accountId }, now),
    d
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.memberId, session.accountId)),
  ]);
  const entries: ZipEntry[] = [];
  const add = async (name: string, key: string, modified: number) => {
    const object = await env.BUCKET.get(key);
    if (object) entries.push({ name, bytes: new Uint8Array(await object.arrayBuffer()), modified });
  };
  for (const m of memes)
    await add(`memes/${m.id}-${m.title.replace(/[/\\]/g, '_')}.${m.format}`, m.objectKey, m.createdAt);
  for (const s of shares) await add(`shares/${s.id}.${s.contentType.split('/')[1] ?? 'img'}`, s.objectKey, s.createdAt);
  const metadata = {
    exportedAt: iso(now),
    account: {
      id: account.id,
      createdAt: account.createdAt,
      premium: account.premium,
      premiumSince: account.premiumSince,
      passkeys: account.passkeys,
    },
    savedMemes: memes.map((m) => ({
      id: m.id,
      title: m.title,
      format: m.format,
      fileSize: m.fileSize,
      createdAt: iso(m.createdAt),
    })),
    shares: shares.map((s) => ({
      id: s.id,
      templateId: s.templateId,
      captions: JSON.parse(s.captions) as string[],
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
    })),
    apiKeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      shownAs: `${k.prefix}…`,
      createdAt: iso(k.createdAt),
      lastUsedAt: iso(k.lastUsedAt),
      revokedAt: iso(k.revokedAt),
    })),
  };
  entries.push({
    name: 'account.json',
    bytes: new TextEncoder().encode(JSON.stringify(metadata, null, 2)),
    modified: now,
  });
  const day = new Date(now).toISOString().slice(0, 10);
  return new Response(zipStore(entries), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="memeforge-export-${day}.zip"`,
      'cache-control': 'no-store',
    },
  });
}
