/**
 * What the contact form offers and the words it and POST /api/contact answer with (ADR 0158). Zod-free, so the contact
 * page imports no zod until a message is checked; contact.ts (the API's schema) re-exports it (ADR 0195).
 */
import { CONTACT_EMAIL_MAX_CHARS, CONTACT_MESSAGE_MAX_CHARS, CONTACT_NAME_MAX_CHARS } from '../limits';

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
export const TOPIC_IDS = Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]];

export const CONTACT_MESSAGES = {
  email: 'Please give an e-mail address we can answer, like name@example.com.',
  emailLong: `An e-mail address is at most ${CONTACT_EMAIL_MAX_CHARS} characters.`,
  nameLong: `Please keep your name to ${CONTACT_NAME_MAX_CHARS} characters or fewer.`,
  nameEmpty: 'A name, when sent, cannot be empty: leave the field out instead.',
  topic: `Please choose what your message is about (${TOPIC_IDS.join(', ')}).`,
  message: 'Please write your message.',
  messageLong: `Please keep your message to ${CONTACT_MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters or fewer.`,
} as const;
