/**
 * POST /api/contact (ADR 0158): a message from the contact page, kept in D1 for the operator. Burst-limited per
 * visitor and network (throttle.ts), refused when a browser marks it cross-site (cross-site.ts, ADR 0113), JSON only.
 * No e-mail is sent: the operator lists the messages (`npm run contact:list`) and answers from their own mailbox.
 */
import { CONTACT_KEPT_MS, type ContactReceived, contactRequestSchema } from '../../../../core/api/contact';
import { MAX_JSON_BYTES } from '../../../../core/limits';
import { insertContactMessage } from '../db/contact-messages';
import { json, readJson } from '../http';
import { randomId } from '../identity/signing';
import { parseWith } from '../validate';

export async function postContact(request: Request, env: Env): Promise<Response> {
  const now = Date.now();
  const message = parseWith(contactRequestSchema, await readJson(request, MAX_JSON_BYTES));
  const id = randomId();
  await insertContactMessage(env.DB, id, message, now);
  const body: ContactReceived = {
    id,
    receivedAt: new Date(now).toISOString(),
    keptUntil: new Date(now + CONTACT_KEPT_MS).toISOString(),
  };
  return json(body, { status: 201 });
}
