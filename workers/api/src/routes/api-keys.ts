/**
 * GET, POST /api/keys and DELETE /api/keys/:id: a premium member's API keys, managed from the dashboard with a
 * session cookie only (the router answers 403 to a call that brings a key here).
 */
import type { IRequest } from 'itty-router';
import {
  API_KEY_MESSAGES,
  API_KEYS_MAX_ACTIVE,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  apiKeyCreateRequestSchema,
  apiKeyIdSchema,
} from '../../../../core/api/api-keys';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { counterFor } from '../counters';
import { type KeyRow, insertKeyWithin, listActiveKeys, memberCallsInMonth, revokeKey } from '../db/api-keys';
import { HttpError, notFound } from '../errors';
import { json, readJson } from '../http';
import {
  generateApiKey,
  monthlyCallLimit,
  secondsToNextUtcMonth,
  utcMonth,
  withMeteredCalls,
} from '../identity/api-key';
import type { RequestContext } from '../identity/request-context';
import { requireSession } from '../identity/session';
import { randomId } from '../identity/signing';
import { parseWith } from '../validate';

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt === null ? null : new Date(row.lastUsedAt).toISOString(),
  callsThisMonth: Number(row.callsThisMonth),
});

const PRIVATE = { 'cache-control': 'private, no-store' };

/** GET /api/keys: the member's active keys (prefix only) with this month's calls against the allowance. */
export async function getKeys(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const now = Date.now();
  const session = await requireSession(request, env, context);
  const month = utcMonth(now);
  const [written, [total]] = await Promise.all([
    listActiveKeys(env.DB, session.memberId, month),
    memberCallsInMonth(env.DB, session.memberId, month),
  ]);
  // The calls the keys' meters hold that D1 has not been written yet (ADR 0149): the figures are exact.
  const { rows, unwritten } = await withMeteredCalls(env, written, month);
  const body: ApiKeyList = {
    keys: rows.map(toApiKey),
    month,
    monthlyLimit: monthlyCallLimit(env),
    resetsAt: new Date(now + secondsToNextUtcMonth(now) * 1000).toISOString(),
    callsThisMonth: Number(total?.calls ?? 0) + unwritten,
    maxActiveKeys: API_KEYS_MAX_ACTIVE,
  };
  return json(body, { headers: PRIVATE });
}

/** POST /api/keys { name }: 201 with the key itself, the only time it is sent; 409 at the active-key limit. */
export async function postKey(
  request: Request,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const now = Date.now();
  const session = await requireSession(request, env, context);
  const { name } = parseWith(apiKeyCreateRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const { key, prefix, keyHash } = await generateApiKey();
  const id = randomId();
  const created = await insertKeyWithin(
    env.DB,
    { id, memberId: session.memberId, name, prefix, keyHash, createdAt: now },
    API_KEYS_MAX_ACTIVE,
  );
  if (!created) throw new HttpError(409, 'conflict', API_KEY_MESSAGES.tooMany);
  const body: ApiKeyCreated = {
    id,
    name,
    prefix,
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
    callsThisMonth: 0,
    key,
  };
  return json(body, { status: 201, headers: PRIVATE });
}

/** DELETE /api/keys/:id: the key stops working at once; 404 for a key that is not the member's or already revoked. */
export async function deleteKey(
  request: IRequest,
  env: Env,
  _ctx: ExecutionContext,
  context: RequestContext,
): Promise<Response> {
  const now = Date.now();
  const id = request.params.id ?? '';
  const session = await requireSession(request, env, context);
  parseWith(apiKeyIdSchema, id);
  if (!(await revokeKey(env.DB, session.memberId, id, now))) throw notFound(API_KEY_MESSAGES.notFound);
  // Its last calls are written now rather than at the next flush, so the month's total it leaves behind is whole.
  await counterFor(env, `key:${id}`).writeKeyCalls();
  return new Response(null, { status: 204, headers: PRIVATE });
}
