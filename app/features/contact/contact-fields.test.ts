import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX_CHARS, CONTACT_MESSAGES } from '../../../core/api/contact';
import { contactRequest, fieldErrors, topicFrom, type ContactValues } from './contact-fields';

const GOOD: ContactValues = { name: '', email: 'ada@example.com', topic: 'help', message: 'How do I make a GIF?' };

describe('the contact form in the browser', () => {
  it('sends a filled form as it is, leaving a blank name out', async () => {
    expect(await fieldErrors(GOOD)).toEqual({});
    expect(contactRequest(GOOD)).toEqual({ email: 'ada@example.com', topic: 'help', message: 'How do I make a GIF?' });
    expect(contactRequest({ ...GOOD, name: ' Ada ' })).toMatchObject({ name: 'Ada' });
  });

  it("says what is wrong under each field in the API's own words", async () => {
    expect(await fieldErrors({ name: '', email: '', topic: '', message: '  ' })).toEqual({
      email: CONTACT_MESSAGES.email,
      topic: CONTACT_MESSAGES.topic,
      message: CONTACT_MESSAGES.message,
    });
    expect(await fieldErrors({ ...GOOD, email: 'ada@' })).toEqual({ email: CONTACT_MESSAGES.email });
    expect(await fieldErrors({ ...GOOD, message: 'x'.repeat(CONTACT_MESSAGE_MAX_CHARS + 1) })).toEqual({
      message: CONTACT_MESSAGES.messageLong,
    });
  });

  it('preselects Premium from the pricing button and Billing from the dashboard, and nothing it does not know', () => {
    expect(topicFrom(new URLSearchParams('plan=premium'))).toBe('premium');
    expect(topicFrom(new URLSearchParams('topic=billing'))).toBe('billing');
    expect(topicFrom(new URLSearchParams('plan=pro'))).toBe('');
    expect(topicFrom(new URLSearchParams('topic=toString'))).toBe('');
  });
});
