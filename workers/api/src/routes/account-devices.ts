/**
 * An account's devices (ADR 0170): add another passkey, remove one (the last only when the page has warned), end one
 * signed-in session or all of them.
 */
import type { IRequest } from 'itty-router';
import { ACCOUNT_MESSAGES, ceremonyRequestSchema } from '../../../../core/api/account';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import {
  deleteAccountSession,
  deleteAccountSessions,
  deletePasskey,
  insertPasskey,
  listPasskeys,
} from '../db/accounts';
import { HttpError, notFound } from '../errors';
import { json, readJson } from '../http';
import { signedOutCookies } from '../identity/account-session';
import type { RequestContext } from '../identity/request-context';
import { creationOptions, verifyCreation } from '../identity/passkeys';
import { parseWith } from '../validate';
import { describeAccount, requireAccount } from './account';

const noContent = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

/** POST /api/account/passkeys/options: options for one more passkey on the signed-in account. */
export async function postPasskeyOptions(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  return json({
    options: await creationOptions(env, 'add', account.accountId, await listPasskeys(env.DB, account.accountId)),
  });
}

/** POST /api/account/passkeys { response }: keeps the new passkey; answers the account as it now is. */
export async function postPasskey(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  const { response } = parseWith(ceremonyRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const passkey = await verifyCreation(request, env, 'add', response);
  // The challenge was given to one account: another account's browser cannot use it to add a passkey here.
  if (passkey.accountId !== account.accountId)
    throw new HttpError(400, 'challenge_expired', ACCOUNT_MESSAGES.challengeGone);
  try {
    await insertPasskey(env.DB, passkey);
  } catch {
    throw new HttpError(409, 'conflict', 'This passkey is already on an account here.');
  }
  return json(await describeAccount(env, account.accountId, account.id), { status: 201 });
}

/** DELETE /api/account/passkeys/{id}[?last=confirmed]: the last passkey only with `last=confirmed` (409 otherwise). */
export async function deletePasskeyRoute(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  const id = request.params.id ?? '';
  const passkeys = await listPasskeys(env.DB, account.accountId);
  if (!passkeys.some((p) => p.id === id)) throw notFound('There is no such passkey on your account.');
  if (passkeys.length === 1 && new URL(request.url).searchParams.get('last') !== 'confirmed')
    throw new HttpError(409, 'conflict', ACCOUNT_MESSAGES.lastPasskey);
  await deletePasskey(env.DB, account.accountId, id);
  return noContent();
}

/** DELETE /api/account/sessions/{id}: signs one device out (this one too, its cookie deleted). */
export async function deleteSessionRoute(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  const id = request.params.id ?? '';
  if (!(await deleteAccountSession(env.DB, account.accountId, id)))
    throw notFound('There is no such session on your account.');
  if (id === account.id) for (const cookie of signedOutCookies(request)) context.setCookie(cookie);
  return noContent();
}

/** DELETE /api/account/sessions: signs every device out, this one included. */
export async function deleteSessionsRoute(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const account = await requireAccount(request, env, context);
  await deleteAccountSessions(env.DB, account.accountId);
  for (const cookie of signedOutCookies(request)) context.setCookie(cookie);
  return noContent();
}
