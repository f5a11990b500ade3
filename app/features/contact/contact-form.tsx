import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ContactReceived } from '../../../core/api/contact';
import { CONTACT_KEPT_DAYS, CONTACT_MESSAGE_MAX_CHARS } from '../../../core/limits';
import { CONTACT_TOPICS, type ContactTopic } from '../../../core/api/contact-topics';
import { SUPPORT_EMAIL } from '../../../core/site';
import { ApiClientError } from '~/lib/api-client';
import { api, call } from '~/lib/api/client';
import { btnPrimary, btnSecondary, fieldLabel, input } from '~/features/tools/styles';
import { contactRequest, fieldErrors, type ContactField, type ContactValues, type FieldErrors } from './contact-fields';

const ORDER: ContactField[] = ['name', 'email', 'topic', 'message'];
const errorText = 'mt-1 text-sm font-medium text-red-700 dark:text-red-300';
const hint = 'mt-1 text-sm text-slate-600 dark:text-slate-400';
/** A field focused for its error scrolls clear of the sticky header (WCAG 2.4.11: focus not obscured). */
const control = `${input} scroll-mt-40`;

/** The field's error under it, tied to the control for screen readers. */
function FieldError({ field, errors }: { field: ContactField; errors: FieldErrors }) {
  return errors[field] ? (
    <p id={`contact-${field}-error`} className={errorText}>
      {errors[field]}
    </p>
  ) : null;
}

const described = (field: ContactField, errors: FieldErrors, extra?: string) =>
  [errors[field] ? `contact-${field}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

/**
 * The contact form (ADR 0158): checked in the browser with the API's own schema, so the words under a field are the
 * server's; sent to POST /api/contact; on success the form gives way to what happens next. Nothing is e-mailed: the
 * operator reads the message and answers at the address given.
 */
export function ContactForm({ initialTopic }: { initialTopic: ContactTopic | '' }) {
  const [values, setValues] = useState<ContactValues>({ name: '', email: '', topic: initialTopic, message: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ email: string; received: ContactReceived } | null>(null);
  const fields = useRef<
    Partial<Record<ContactField, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>>
  >({});
  const thanks = useRef<HTMLHeadingElement>(null);
  const checking = useRef(false);

  // A link to another topic (the pricing button after the dashboard's) changes the choice while the page stays.
  useEffect(() => setValues((v) => ({ ...v, topic: initialTopic || v.topic })), [initialTopic]);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const change = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((x) => ({ ...x, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A second press while the first is checked (the schema's first load) or sent sends nothing more.
    if (sending || checking.current) return;
    checking.current = true;
    const found = await fieldErrors(values).finally(() => {
      checking.current = false;
    });
    setErrors(found);
    setFailed(null);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      fields.current[first]?.focus();
      return;
    }
    setSending(true);
    try {
      const received = await call(api.POST('/api/contact', { body: contactRequest(values) }));
      setSent({ email: values.email.trim(), received });
    } catch (err) {
      setFailed(
        err instanceof ApiClientError && err.serverMessage
          ? err.serverMessage
          : `Your message could not be sent. Please try again, or write to ${SUPPORT_EMAIL}.`,
      );
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div
        className="rounded-2xl border border-green-300 bg-green-50 p-6 dark:border-green-800 dark:bg-green-950"
        data-testid="contact-sent"
      >
        <h2
          ref={thanks}
          tabIndex={-1}
          className="text-xl font-bold text-green-900 focus:outline-none dark:text-green-100"
        >
          Thank you: your message is with us
        </h2>
        <p className="mt-2 text-green-900 dark:text-green-100">
          The people who run Memeforge read every message and answer by e-mail at <strong>{sent.email}</strong>. It is
          kept for {CONTACT_KEPT_DAYS} days, then deleted.
        </p>
        <button
          type="button"
          className={`${btnSecondary} mt-4`}
          onClick={() => {
            setValues({ name: '', email: '', topic: '', message: '' });
            setSent(null);
          }}
        >
          Send another message
        </button>
      </div>
    );
  }

  const ref = (field: ContactField) => (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null) => {
    fields.current[field] = el;
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="contact-form-heading" className="space-y-5">
      <h2 id="contact-form-heading" className="text-xl font-bold text-slate-900 dark:text-white">
        Send us a message
      </h2>
      <div>
        <label htmlFor="contact-name" className={fieldLabel}>
          Your name <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id="contact-name"
          ref={ref('name')}
          autoComplete="name"
          value={values.name}
          onChange={change('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name', errors)}
          className={control}
        />
        <FieldError field="name" errors={errors} />
      </div>
      <div>
        <label htmlFor="contact-email" className={fieldLabel}>
          Your e-mail address
        </label>
        <input
          id="contact-email"
          ref={ref('email')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={change('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={described('email', errors, 'contact-email-hint')}
          className={control}
        />
        <p id="contact-email-hint" className={hint}>
          We answer here, and use it for nothing else.
        </p>
        <FieldError field="email" errors={errors} />
      </div>
      <div>
        <label htmlFor="contact-topic" className={fieldLabel}>
          What is it about?
        </label>
        <select
          id="contact-topic"
          ref={ref('topic')}
          required
          value={values.topic}
          onChange={change('topic')}
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={described('topic', errors)}
          className={control}
        >
          <option value="">Choose a topic</option>
          {Object.entries(CONTACT_TOPICS).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
        <FieldError field="topic" errors={errors} />
      </div>
      <div>
        <label htmlFor="contact-message" className={fieldLabel}>
          Your message
        </label>
        <textarea
          id="contact-message"
          ref={ref('message')}
          required
          rows={7}
          value={values.message}
          onChange={change('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={described('message', errors, 'contact-message-count')}
          className={control}
        />
        <p id="contact-message-count" className={hint}>
          {values.message.length.toLocaleString('en-US')} / {CONTACT_MESSAGE_MAX_CHARS.toLocaleString('en-US')}{' '}
          characters
        </p>
        <FieldError field="message" errors={errors} />
      </div>
      {failed ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {failed}
        </p>
      ) : null}
      <button type="submit" className={btnPrimary} disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
