import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Times are Unix milliseconds (UTC). Days are 'YYYY-MM-DD' in UTC. */
const createdAt = () => integer('created_at', { mode: 'number' }).notNull().default(sql`(unixepoch() * 1000)`);

/** Meme templates: our own drawn ones plus whatever an operator imports. */
export const templates = sqliteTable(
  'templates',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** Lower-case search words, space separated. */
    keywords: text('keywords').notNull().default(''),
    imageKey: text('image_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** 1 is the most popular; the top 16 are `isPopular`. */
    popularityRank: integer('popularity_rank').notNull(),
    feature: text('feature'),
    /** JSON array of text boxes in the memegen format. */
    textBoxes: text('text_boxes').notNull().default('[]'),
    /** JSON array of example captions, one array of lines per example. */
    examples: text('examples').notNull().default('[]'),
    license: text('license').notNull(),
    author: text('author').notNull(),
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [index('templates_rank').on(t.popularityRank)],
);

/** Server-side premium sessions, opened with the access code. The cookie carries only the signed id. */
export const premiumSessions = sqliteTable('premium_sessions', {
  id: text('id').primaryKey(),
  memberId: text('member_id').notNull(),
  createdAt: createdAt(),
  expiresAt: integer('expires_at').notNull(),
});

/** Premium members: one per visitor that has unlocked the dashboard. */
export const members = sqliteTable('members', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

/** Memes saved by premium members; kept until their owner deletes them. */
export const savedMemes = sqliteTable(
  'saved_memes',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull(),
    title: text('title').notNull(),
    objectKey: text('object_key').notNull(),
    format: text('format').notNull(),
    fileSize: integer('file_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_memes_member').on(t.memberId, t.createdAt)],
);

/** Per-member daily activity counts (AI operations, downloads) behind the dashboard's stats and chart. */
export const activity = sqliteTable(
  'activity',
  {
    memberId: text('member_id').notNull(),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.day] })],
);

/**
 * How long each AI operation took (operation, picture size bucket), the measured history behind the tool screens'
 * estimate (ADR 0105). Written in the background after a success; the cron keeps a week.
 */
export const opTimings = sqliteTable(
  'op_timings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** 'upscale-2x', 'remove-background', 'blur-faces' … */
    operation: text('operation').notNull(),
    /** 'small' (≤ 0.5 MP), 'medium' (≤ 2 MP), 'large' (≤ 8 MP), 'huge'. */
    sizeBucket: text('size_bucket').notNull(),
    ms: integer('ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('op_timings_recent').on(t.operation, t.sizeBucket, t.createdAt)],
);

/**
 * Members' API keys (ADR 0107). Only the SHA-256 of a key is kept (`key_hash`, looked up by its unique index) and
 * its first characters for display; a revoked key keeps its row, so this month's usage still adds up.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    memberId: text('member_id').notNull(),
    name: text('name').notNull(),
    /** `mf_` and the first four random characters, shown as `mf_ab12…`. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, lower-case hex. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('api_keys_member').on(t.memberId, t.createdAt)],
);

/** Calls per key per UTC month ('YYYY-MM'), counted by one atomic upsert that stops at the allowance. */
export const apiKeyUsage = sqliteTable(
  'api_key_usage',
  {
    keyId: text('key_id').notNull(),
    month: text('month').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.month] })],
);

/**
 * Share links (ADR 0139): one row per shared meme, its picture in R2 at `object_key`. Only the SHA-256 of the delete
 * token is kept. A deleted, taken-down or expired share keeps its row (a tombstone with `deleted_at` and why), so its
 * page answers 410 rather than 404; its object is gone.
 */
export const shares = sqliteTable(
  'shares',
  {
    id: text('id').primaryKey(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    fileSize: integer('file_size').notNull(),
    templateId: text('template_id'),
    /** JSON array of the captions, for the alt text. */
    captions: text('captions').notNull().default('[]'),
    /** SHA-256 of the delete token, lower-case hex. */
    deleteTokenHash: text('delete_token_hash').notNull(),
    /** The premium member or account that owns it (an account's is listed on every device), or null. */
    memberId: text('member_id'),
    /** The visitor (browser) that made it, so `GET /api/shares` lists it there and signing in moves it (ADR 0170). */
    visitorId: text('visitor_id'),
    createdAt: createdAt(),
    /** null: kept until deleted. */
    expiresAt: integer('expires_at'),
    deletedAt: integer('deleted_at'),
    /** 'creator', 'expired', or 'takedown: …' with the operator's reason. */
    deletedReason: text('deleted_reason'),
  },
  (t) => [
    index('shares_expiry').on(t.deletedAt, t.expiresAt),
    index('shares_member').on(t.memberId),
    index('shares_visitor').on(t.visitorId),
  ],
);

/**
 * Messages from the contact page (ADR 0158), read by the operator with `npm run contact:list` and answered by e-mail.
 * Only what the sender typed is kept, never their address on the network or their visitor id; the cron deletes a
 * message CONTACT_KEPT_DAYS after it arrived.
 */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    /** null when the sender gave none. */
    name: text('name'),
    email: text('email').notNull(),
    /** One of CONTACT_TOPICS (core/api/contact.ts). */
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created').on(t.createdAt)],
);

/**
 * Accounts (ADR 0170): a person who keeps their things across devices, signed in with passkeys. The account's id is
 * the member id its things carry (saved memes, keys, shares, activity), and a `members` row of the same id is its
 * premium. Only the SHA-256 of the recovery code is kept. `deleting_at` marks a deletion begun: the account can no
 * longer sign in, and the cron finishes what a failed request left (identity/account-deletion.ts).
 */
export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  recoveryCodeHash: text('recovery_code_hash').notNull().unique(),
  createdAt: createdAt(),
  deletingAt: integer('deleting_at'),
});

/** An account's passkeys: the credential id (base64url), its COSE public key (base64url) and signature counter. */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** JSON array of the transports the browser reported, passed back when asking for this passkey. */
    transports: text('transports').notNull().default('[]'),
    /** What the person sees in the list: the browser and system that made it. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('passkeys_account').on(t.accountId)],
);

/** Signed-in devices: one row per sign-in; the `mf_account` cookie carries only the signed id. */
export const accountSessions = sqliteTable(
  'account_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    /** The browser and system, as the list of sessions shows them. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('account_sessions_account').on(t.accountId), index('account_sessions_expiry').on(t.expiresAt)],
);

/**
 * WebAuthn challenges, kept on the server for WEBAUTHN_CHALLENGE_TTL_SECONDS and taken (deleted) by the one answer
 * that uses them. `account_id`: the account a registration is for (a new one's id, or the signed-in one adding a
 * passkey); null for a sign-in.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    accountId: text('account_id'),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expiry').on(t.expiresAt)],
);
