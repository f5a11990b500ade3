/**
 * scripts/contact-list.ts: its arguments, how it prints messages, the production query, and a real listing of local
 * D1 (a fresh persist directory, migrated: a copy of scripts/lib/migrated-state.ts's) run as the operator runs it, the
 * script in a process of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_KEPT_DAYS } from '../core/api/contact';
import { formatMessages, parseArgs, remoteQuery, rowsFromWrangler } from './contact-list';
import { copyMigratedState } from './lib/migrated-state';
import { localBin, wranglerEnv } from './lib/run';

const AT = Date.UTC(2026, 10, 28, 9, 30);
const ROW = {
  id: 'abc123',
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'premium',
  message: 'Hello,\nhow do I get premium?',
  createdAt: AT,
};

describe('contact-list arguments, output and production query', () => {
  it('takes --limit and --remote, and refuses anything else in words', () => {
    expect(parseArgs([])).toEqual({ limit: 50, remote: false });
    expect(parseArgs(['--limit', '5', '--remote'])).toEqual({ limit: 5, remote: true });
    expect(parseArgs(['--limit', '0'])).toMatch(/^--limit takes a whole number from 1 to 1000, not "0"/);
    expect(parseArgs(['--limit', '5; drop table'])).toMatch(/not "5; drop table"/);
    expect(parseArgs(['--limit'])).toMatch(/not ""/);
    expect(parseArgs(['--all'])).toMatch(/^"--all" is not an option/);
  });

  it('prints each message with when, topic, a reply address and the text indented, then when the oldest goes', () => {
    const text = formatMessages([
      ROW,
      { ...ROW, id: 'def456', name: null, topic: 'other', createdAt: AT - 86_400_000 },
    ]);
    expect(text).toBe(
      [
        '28 Nov 2026, 09:30 UTC · Premium membership · abc123',
        'From: Ada <ada@example.com>',
        '    Hello,',
        '    how do I get premium?',
        '',
        '27 Nov 2026, 09:30 UTC · Something else · def456',
        'From: ada@example.com',
        '    Hello,',
        '    how do I get premium?',
        '',
        `2 messages, newest first. Answer from your own mailbox; the oldest shown is deleted on 25 Feb 2027, 09:30 UTC.`,
        '',
      ].join('\n'),
    );
    expect(formatMessages([])).toBe(
      `No contact messages. (Messages are deleted ${CONTACT_KEPT_DAYS} days after they arrive.)\n`,
    );
  });

  it('asks production for the newest messages with the limit inlined as a number', () => {
    expect(remoteQuery(7)).toBe(
      'select "id", "name", "email", "topic", "message", "created_at" from "contact_messages" order by "contact_messages"."created_at" desc, "contact_messages"."id" desc limit 7',
    );
  });

  it("reads wrangler's JSON rows back, the table's column names into the row's", () => {
    const output = [
      {
        results: [{ id: 'abc123', name: null, email: 'a@example.com', topic: 'help', message: 'hi', created_at: AT }],
        success: true,
      },
    ];
    expect(rowsFromWrangler(output)).toEqual([
      { id: 'abc123', name: null, email: 'a@example.com', topic: 'help', message: 'hi', createdAt: AT },
    ]);
    expect(rowsFromWrangler([])).toEqual([]);
  });
});

describe('contact-list against local D1', () => {
  let dir = '';
  // `npx tsx scripts/contact-list.ts …` as the operator types it, less npx's own start (scripts/lib/run.ts).
  const script = (...args: string[]) =>
    spawnSync(...localBin('tsx', ['scripts/contact-list.ts', ...args]), {
      env: wranglerEnv({ PERSIST_DIR: dir }),
      encoding: 'utf8',
    });

  beforeAll(async () => {
    // Made here, not while the file is collected, so `vitest list` leaves no folder behind.
    mkdirSync('.tmp', { recursive: true });
    dir = mkdtempSync(join('.tmp', 'contact-list-'));
    await copyMigratedState(dir);
    const proxy = await getPlatformProxy<Env>({
      configPath: 'workers/api/wrangler.toml',
      persist: { path: join(dir, 'v3') },
    });
    try {
      const insert = proxy.env.DB.prepare(
        'insert into contact_messages (id, name, email, topic, message, created_at) values (?, ?, ?, ?, ?, ?)',
      );
      await proxy.env.DB.batch([
        insert.bind('older', null, 'bob@example.com', 'problem', 'The upload fails.', AT - 60_000),
        insert.bind('newer', 'Ada', 'ada@example.com', 'premium', 'How do I get premium?', AT),
      ]);
    } finally {
      await proxy.dispose();
    }
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the messages newest first, and only as many as asked', () => {
    const all = script();
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout.indexOf('From: Ada <ada@example.com>')).toBeGreaterThan(-1);
    expect(all.stdout.indexOf('From: Ada')).toBeLessThan(all.stdout.indexOf('From: bob@example.com'));
    expect(all.stdout).toContain('2 messages, newest first.');
    const one = script('--limit', '1');
    expect(one.stdout).toContain('1 message, newest first.');
    expect(one.stdout).not.toContain('bob@example.com');
    expect(script('--limit', 'x').status).toBe(2);
  }, 60_000);
});
