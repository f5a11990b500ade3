/**
 * The contact form's rules in the browser: the API's own schema (core/api/contact.ts), so the words under a field are
 * the words the server would answer with, and the topic a link preselects (`?plan=premium`, `?topic=billing`).
 */
import type { ContactRequest } from '../../../core/api/contact';
import { CONTACT_TOPICS, type ContactTopic } from '../../../core/api/contact-topics';

export type ContactField = 'name' | 'email' | 'topic' | 'message';
export type FieldErrors = Partial<Record<ContactField, string>>;

export interface ContactValues {
  name: string;
  email: string;
  topic: ContactTopic | '';
  message: string;
}

/** The request the form sends: a blank name is left out (the API refuses an empty one). */
export function contactRequest(values: ContactValues): ContactRequest {
  const name = values.name.trim();
  return {
    ...(name ? { name } : {}),
    email: values.email,
    topic: values.topic as ContactTopic,
    message: values.message,
  };
}

/**
 * The first problem with each field, in the API's words; none: the form may be sent. The schema (and zod with it,
 * ~450 KB) is fetched when a message is first checked, not with the page (ADR 0195).
 */
export async function fieldErrors(values: ContactValues): Promise<FieldErrors> {
  const { contactRequestSchema } = await import('./contact-schema.client');
  const parsed = contactRequestSchema.safeParse(contactRequest(values));
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The topic a link asks for: Premium from the pricing page's button, Billing from the dashboard's. */
export function topicFrom(params: URLSearchParams): ContactTopic | '' {
  if (params.get('plan') === 'premium') return 'premium';
  const topic = params.get('topic');
  return topic && Object.hasOwn(CONTACT_TOPICS, topic) ? (topic as ContactTopic) : '';
}
