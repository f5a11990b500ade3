/**
 * The contact route as the public document describes it (ADR 0158). Joined to the rest in openapi-routes.ts.
 */
import { MAX_JSON_BYTES } from '../limits';
import { routeList } from './openapi';
import { INTERNAL, JSON_ERRORS, kb, rateLimit } from './openapi-errors';
import {
  CONTACT_EMAIL_MAX_CHARS,
  CONTACT_KEPT_DAYS,
  CONTACT_MESSAGE_MAX_CHARS,
  CONTACT_NAME_MAX_CHARS,
  CONTACT_TOPICS,
  contactReceivedSchema,
  contactRequestSchema,
} from './contact';

export const CONTACT_ROUTES = routeList([
  {
    method: 'post',
    path: '/api/contact',
    operationId: 'postContact',
    throttle: { kind: 'limited', burst: 'contact' },
    tag: 'Contact',
    auth: 'public',
    summary: 'Send a message to the people who run the site',
    description:
      `Keeps the message for the operator, who reads it and answers by e-mail from their own mailbox; nothing is e-mailed by the site itself. \`topic\` is one of ${Object.keys(
        CONTACT_TOPICS,
      )
        .map((t) => `\`${t}\``)
        .join(', ')}. ` +
      `Control characters are removed (a message keeps its line breaks). The message is deleted ${CONTACT_KEPT_DAYS} days after it arrives (\`keptUntil\`).`,
    body: {
      kind: 'json',
      schema: contactRequestSchema,
      maxBytes: MAX_JSON_BYTES,
      example: { name: 'Ada', email: 'ada@example.com', topic: 'help', message: 'How do I make a GIF meme?' },
    },
    answers: [
      {
        status: 201,
        description: 'Received and kept.',
        kind: 'json',
        schema: contactReceivedSchema,
        id: 'ContactReceived',
      },
    ],
    errors: [...JSON_ERRORS, INTERNAL],
    limits: [
      `A name of at most ${CONTACT_NAME_MAX_CHARS} characters (optional), an address of at most ${CONTACT_EMAIL_MAX_CHARS}, a message of at most ${CONTACT_MESSAGE_MAX_CHARS.toLocaleString('en-US')}; the body at most ${kb(MAX_JSON_BYTES)}.`,
      rateLimit('contact'),
    ],
  },
]);
