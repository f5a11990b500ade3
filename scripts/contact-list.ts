/**
 * `npm run contact:list [-- --limit 50] [-- --remote]`: the contact page's messages, newest first, for the operator to
 * read and answer by e-mail from their own mailbox (ADR 0158: the site sends no e-mail). Against local D1
 * (PERSIST_DIR, default .wrangler/state) through wrangler's platform proxy, with the query the Worker's db module
 * holds (workers/api/src/db/contact-messages.ts).
 *
 * Production: `npm run contact:list -- --remote`, after `wrangler login` (or with CLOUDFLARE_API_TOKEN) on the account
 * `npm run deploy` set up: the same query, run by `wrangler d1 execute DB --remote --json`. Messages are deleted by
 * the cron CONTACT_KEPT_DAYS after they arrived; nothing here deletes or changes one.
 *
 * Exit codes: 0 listed (none is fine), 1 the database could not be read (the words say why), 2 bad arguments.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { desc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { CONTACT_KEPT_DAYS, CONTACT_TOPICS, type ContactTopic } from '../core/api/contact';
import { newestContactMessages, type ContactMessageRow } from '../workers/api/src/db/contact-messages';
import { contactMessages } from '../workers/api/src/db/schema';
import { inline } from './importers/template-sql';
import { PERSIST_DIR } from './lib/run';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

export interface ListArgs {
  limit: number;
  remote: boolean;
}

/** The arguments, or the words of why not. */
export function parseArgs(argv: string[]): ListArgs | string {
  const usage = `usage: contact-list.ts [--limit N] [--remote]   (N from 1 to ${MAX_LIMIT}, ${DEFAULT_LIMIT} by default)`;
  let limit = DEFAULT_LIMIT;
  let remote = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remote') remote = true;
    else if (arg === '--limit') {
      const value = argv[++i] ?? '';
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIMIT)
        return `--limit takes a whole number from 1 to ${MAX_LIMIT}, not "${value}".\n${usage}`;
      limit = Number(value);
    } else return `"${arg}" is not an option.\n${usage}`;
  }
  return { limit, remote };
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The messages as the operator reads them: when, topic, who (a reply address), then the message indented. */
export function formatMessages(rows: readonly ContactMessageRow[]): string {
  if (rows.length === 0)
    return `No contact messages. (Messages are deleted ${CONTACT_KEPT_DAYS} days after they arrive.)\n`;
  const blocks = rows.map((row) => {
    const topic = CONTACT_TOPICS[row.topic as ContactTopic] ?? row.topic;
    const from = row.name ? `${row.name} <${row.email}>` : row.email;
    const body = row.message
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
    return `${WHEN.format(new Date(row.createdAt))} UTC · ${topic} · ${row.id}\nFrom: ${from}\n${body}\n`;
  });
  const deleted = new Date(rows[rows.length - 1]!.createdAt + CONTACT_KEPT_DAYS * 24 * 3600_000);
  return `${blocks.join('\n')}\n${rows.length} message${rows.length === 1 ? '' : 's'}, newest first. Answer from your own mailbox; the oldest shown is deleted on ${WHEN.format(deleted)} UTC.\n`;
}

/** A drizzle database that builds statements and never runs one: wrangler runs them. */
const sqlOnly = drizzle(() => Promise.reject(new Error('contact-list.ts only writes SQL; wrangler runs it')));

/** The production query: the same order and limit as the Worker's, its value inlined. */
export function remoteQuery(limit: number): string {
  const statement = sqlOnly
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .toSQL();
  return inline(statement.sql, statement.params as number[]);
}

/** Rows as `wrangler d1 execute --json` prints them (the table's own column names) read back into the row type. */
export function rowsFromWrangler(output: unknown): ContactMessageRow[] {
  const results =
    (Array.isArray(output) ? (output[0] as { results?: unknown[] } | undefined)?.results : undefined) ?? [];
  return results.map((r) => {
    const row = r as Record<string, unknown>;
    return {
      id: String(row.id),
      name: row.name === null ? null : String(row.name),
      email: String(row.email),
      topic: String(row.topic),
      message: String(row.message),
      createdAt: Number(row.created_at),
    };
  });
}

async function local(args: ListArgs): Promise<ContactMessageRow[]> {
  const { getPlatformProxy } = await import('wrangler');
  // wrangler's --persist-to adds a v3 folder that the platform proxy expects to be given explicitly.
  const proxy = await getPlatformProxy<Env>({
    configPath: 'workers/api/wrangler.toml',
    persist: { path: join(PERSIST_DIR, 'v3') },
  });
  try {
    return await newestContactMessages(proxy.env.DB, args.limit);
  } catch (e) {
    if (!/no such table/.test(String((e as Error).cause ?? e))) throw e;
    throw new Error(
      `Local D1 in ${PERSIST_DIR} has no contact_messages table yet: \`npm start\` applies the migrations.`,
    );
  } finally {
    await proxy.dispose();
  }
}

async function remote(args: ListArgs): Promise<ContactMessageRow[]> {
  const { productionDatabase } = await import('./importers/remote-store');
  const { ENVIRONMENT } = await import('./deploy/production-config');
  const { commandLine, jsonIn, spawnExec } = await import('./deploy/exec');
  const db = await productionDatabase();
  const command = [
    'npx',
    'wrangler',
    'd1',
    'execute',
    'DB',
    '--remote',
    '--json',
    '--command',
    remoteQuery(args.limit),
    '-c',
    db.config,
    '--env',
    ENVIRONMENT,
  ];
  const done = await spawnExec(command, { mode: 'capture' });
  if (done.code !== 0) throw new Error(`${commandLine(command)} exited with ${done.code}:\n${done.stderr}`);
  return rowsFromWrangler(jsonIn(done.stdout));
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  try {
    process.stdout.write(formatMessages(await (args.remote ? remote(args) : local(args))));
    return 0;
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exit(await main(process.argv.slice(2)));
