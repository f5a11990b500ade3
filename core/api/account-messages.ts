/**
 * The words the account screens and routes say (ADR 0170). Zod-free, so the account page imports no zod; account.ts
 * (the API's schemas) re-exports it (ADR 0195).
 */
export const ACCOUNT_MESSAGES = {
  signedOut: 'Please sign in to your account first.',
  challengeGone: 'This passkey request expired or was already used. Please try again.',
  notVerified: 'This passkey could not be checked. Please try again, or use another passkey.',
  unknownPasskey: 'This passkey does not belong to an account here. It may have been removed, or the account deleted.',
  wrongRecoveryCode: 'That recovery code is not right. Please check it and try again.',
  noDomain: 'Passkeys need the site on a domain name (for example http://localhost:8788), not an IP address.',
  lastPasskey: 'This is your only passkey: add another one first, or use your recovery code to sign in later.',
} as const;

/** "2 memes, 1 share link and premium moved into your account." or null when nothing moved. */
export function movedSentence(moved: { memes: number; shares: number; keys: number; premium: boolean }): string | null {
  const parts: string[] = [];
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (moved.memes) parts.push(n(moved.memes, 'saved meme', 'saved memes'));
  if (moved.shares) parts.push(n(moved.shares, 'share link', 'share links'));
  if (moved.keys) parts.push(n(moved.keys, 'API key', 'API keys'));
  if (moved.premium) parts.push('premium');
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} from this browser moved into your account.`.replace(/^./, (c) => c.toUpperCase());
}
