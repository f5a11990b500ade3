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
import { CONTACT_MESSAGES, TOPIC_IDS } from './contact-topics';
import { z } from './zod';

export * from './contact-topics';

export { CONTACT_EMAIL_MAX_CHARS, CONTACT_KEPT_DAYS, CONTACT_MESSAGE_MAX_CHARS, CONTACT_NAME_MAX_CHARS };

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
