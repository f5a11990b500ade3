/**
 * POST /api/contact (ADR 0158): a message from the contact page, kept in D1 for the operator, who reads them with
 * `npm run contact:list` and answers by e-mail. The Worker sends no e-mail itself.
 */
import {
  CONTACT_EMAIL_MAX_CHARS,
  CONTACT_KEPT_DAYS,
  CONTACT_MESSAGE_MAX_CHARS,
  CONTACT_NAME_MAX_CHARS,
} from '../limits';
import { withoutHiddenControls } from '../text';
import { z } from './zod';

export { CONTACT_EMAIL_MAX_CHARS, CONTACT_KEPT_DAYS, CONTACT_MESSAGE_MAX_CHARS, CONTACT_NAME_MAX_CHARS };

/** What a message is about, as the form offers it; the operator's list shows the id. */
export const CONTACT_TOPICS = {
  help: 'A question about using Memeforge',
  premium: 'Premium membership',
  billing: 'Billing or an invoice',
  problem: 'Something does not work',
  privacy: 'Privacy or my data',
  other: 'Something else',
} as const;
export type ContactTopic = keyof typeof CONTACT_TOPICS;
const TOPIC_IDS = Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]];

export const CONTACT_MESSAGES = {
  email: 'Please give an e-mail address we can answer, like name@example.com.',
  emailLong: `An e-mail address is at most ${CONTACT_EMAIL_MAX_CHARS} characters.`,
  nameLong: `Please keep your name to ${CONTACT_NAME_MAX_CHARS} characters or fewer.`,
  nameEmpty: 'A name, when sent, cannot be empty: leave the field out instead.',
  topic: `Please choose what your message is about (${TOPIC_IDS.join(', ')}).`,
  message: 'Please write your message.',
  messageLong: `Please keep your message to ${CONTACT_MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
} as const;

/**
 * Text the operator reads in a terminal: no control characters (an escape sequence could rewrite the screen) and no
 * bidirectional overrides; a message keeps its line breaks (as \n), a name and an address none.
 */
const cleaned = (keepLineBreaks: boolean) => (text: string) => withoutHiddenControls(text, { keepLineBreaks }).trim();

/** POST /api/contact. Every text is trimmed first, so a field of spaces is as empty as one with nothing in it. */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameLong })
    .trim()
    .min(1, CONTACT_MESSAGES.nameEmpty)
    .max(CONTACT_NAME_MAX_CHARS, CONTACT_MESSAGES.nameLong)
    .transform(cleaned(false))
    .optional()
    .transform((name) => name || null),
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .min(1, CONTACT_MESSAGES.email)
    .max(CONTACT_EMAIL_MAX_CHARS, CONTACT_MESSAGES.emailLong)
    .pipe(z.email({ error: CONTACT_MESSAGES.email })),
  topic: z.enum(TOPIC_IDS, { error: CONTACT_MESSAGES.topic }),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .trim()
    .min(1, CONTACT_MESSAGES.message)
    .max(CONTACT_MESSAGE_MAX_CHARS, CONTACT_MESSAGES.messageLong)
    .transform(cleaned(true))
    .pipe(z.string().min(1, CONTACT_MESSAGES.message)),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export type ContactMessageInput = z.output<typeof contactRequestSchema>;

/** 201: the message is kept; the answer says until when. */
export const contactReceivedSchema = z.object({
  id: z.string(),
  /** ISO 8601. */
  receivedAt: z.string(),
  /** ISO 8601: the cron deletes the message after this (CONTACT_KEPT_DAYS). */
  keptUntil: z.string(),
});
export type ContactReceived = z.infer<typeof contactReceivedSchema>;

export const CONTACT_KEPT_MS = CONTACT_KEPT_DAYS * 24 * 3600_000;
