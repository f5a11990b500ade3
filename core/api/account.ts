/**
 * Accounts with passkeys (ADR 0170): what the account routes take and answer, and the words people read. The
 * WebAuthn options and responses are the JSON shapes of the WebAuthn spec that @simplewebauthn/browser sends and
 * @simplewebauthn/server verifies; here they are checked only for the fields the server reads before the library does.
 */
import { z } from './zod';
import { shareSchema } from './shares';

export { SIGNED_IN_HINT_COOKIE } from './account-hint';
export { ACCOUNT_MESSAGES, movedSentence } from './account-messages';

/** A browser's answer to `navigator.credentials.create()` or `.get()`, as JSON (base64url fields). */
export const credentialResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
  clientExtensionResults: z.looseObject({}).optional(),
});
export type CredentialResponse = z.infer<typeof credentialResponseSchema>;

export const ceremonyRequestSchema = z.object({ response: credentialResponseSchema });

/** The options the browser passes to WebAuthn (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON). */
export const ceremonyOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });

/** A recovery code as shown: five groups of four letters and digits (about 100 bits). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/;
const RECOVERY_CODE_SHAPE = 'A recovery code is five groups of four letters and digits, like ABCD-EFGH-JKLM-NPQR-STUV.';
export const recoveryRequestSchema = z.object({
  recoveryCode: z
    .string()
    .min(20, RECOVERY_CODE_SHAPE)
    .max(40)
    .transform((code) => code.toUpperCase().replace(/\s+/g, ''))
    .pipe(z.string().regex(RECOVERY_CODE_PATTERN, RECOVERY_CODE_SHAPE)),
});

export const passkeySchema = z.object({
  id: z.string(),
  /** The browser and system it was made on. */
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const accountSessionSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** This browser's own session. */
  current: z.boolean(),
});

export const accountSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Premium unlocked for the account (once, with the access code), and since when. */
  premium: z.boolean(),
  premiumSince: z.string().nullable(),
  passkeys: z.array(passkeySchema),
  sessions: z.array(accountSessionSchema),
});
export type Account = z.infer<typeof accountSchema>;

/** What signing in moved from this browser's visitor into the account (all zero when there was nothing). */
export const movedSchema = z.object({
  memes: z.number().int().nonnegative(),
  shares: z.number().int().nonnegative(),
  keys: z.number().int().nonnegative(),
  premium: z.boolean(),
});
export type Moved = z.infer<typeof movedSchema>;

export const signedInSchema = z.object({
  account: accountSchema,
  moved: movedSchema,
  /** Shown once: at creation, and a new one after the old one signed in (a code signs in once). */
  recoveryCode: z.string().optional(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

export const ownSharesSchema = z.object({ shares: z.array(shareSchema) });

/** "Chrome on Linux": what a list of passkeys or sessions shows, from the User-Agent (never stored whole). */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'A browser';
}
