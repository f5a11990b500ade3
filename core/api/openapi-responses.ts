/**
 * The `responses` of one operation in the OpenAPI document (ADR 0106): each answer by its kind, each error status with
 * the codes it can carry (`x-errors`), and the billed-calls header on the routes that can make a billed call (ADR 0148).
 */
import { BILLED_CALLS_DESCRIPTION, BILLED_CALLS_HEADER } from './billed-calls';
import { JSON_TYPE, REF_PREFIX } from './openapi-schemas';
import type { JsonSchema, RouteDoc, RouteError } from './openapi-types';

const EVENT_STREAM = 'text/event-stream';

const errorSchemaFor = (codes: string[]): JsonSchema => ({
  type: 'object',
  properties: {
    error: { type: 'string', description: 'What went wrong and what to do, for a person to read.' },
    code: { type: 'string', enum: codes },
  },
  required: ['error', 'code'],
});

const RETRY_AFTER = { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } };

const headersOf = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
  );

/**
 * The routes that can make a billed call are exactly the burst-limited ones (`throttled`, and the meme URL, which is
 * throttled when it draws) but the share delete and the contact form (`limited`): every answer of theirs says how many
 * it made (ADR 0148).
 */
export const canBill = (route: RouteDoc) => route.throttle !== undefined && route.throttle.kind !== 'limited';
const BILLED_CALLS = {
  [BILLED_CALLS_HEADER]: { description: BILLED_CALLS_DESCRIPTION, schema: { type: 'integer', minimum: 0 } },
};

export function responsesOf(route: RouteDoc): Record<string, JsonSchema> {
  const responses = plainResponsesOf(route);
  if (!canBill(route)) return responses;
  for (const [status, response] of Object.entries(responses)) {
    // A stream's headers leave before its work: its last event carries the count (the event stream's description).
    responses[status] = {
      ...response,
      headers: { ...((response.headers as JsonSchema | undefined) ?? {}), ...BILLED_CALLS },
    };
  }
  return responses;
}

function plainResponsesOf(route: RouteDoc): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const answer of route.answers) {
    const ref = answer.kind === 'json' ? { $ref: `${REF_PREFIX}${answer.id}` } : null;
    if (answer.kind === 'json') {
      const content: JsonSchema = { [JSON_TYPE]: { schema: ref } };
      if (answer.streams) {
        content[EVENT_STREAM] = {
          schema: {
            type: 'string',
            description:
              'Sent when the request has `Accept: text/event-stream`: `phase` events ({"phase": "queued" | "processing" | "encoding" | "storing", "estimateMs"?, "job"?}) as the work goes (an AI job’s first one carries its `job` id, for `DELETE /api/jobs/{id}`), then one `result` event (the JSON answer with `billedCalls`, what a plain answer says in `x-billed-calls`) or one `error` event ({error, code, status, billedCalls}).',
          },
        };
      }
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content,
      };
    } else if (answer.kind === 'image') {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } },
      };
    } else if (answer.kind === 'file') {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
        content: { [answer.contentType]: { schema: { type: 'string', contentMediaType: answer.contentType } } },
      };
    } else {
      responses[answer.status] = {
        description: answer.description,
        ...(answer.headers ? { headers: headersOf(answer.headers) } : {}),
      };
    }
  }
  const byStatus = new Map<number, RouteError[]>();
  for (const e of route.errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
  for (const [status, errors] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(errors.map((e) => e.code))];
    responses[status] = {
      description: errors.map((e) => `\`${e.code}\`: ${e.when}`).join(' '),
      ...(status === 429 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
      content: { [JSON_TYPE]: { schema: errorSchemaFor(codes) } },
      'x-errors': errors.map(({ code, when }) => ({ code, when })),
    };
  }
  return responses;
}
