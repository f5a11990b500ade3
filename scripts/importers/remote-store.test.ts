import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Exec } from '../deploy/exec';
import { catalogRows } from '../templates/catalog-rows';
import { openRemoteStore } from './remote-store';

/** wrangler on an account that has the production database; records what it is asked and the SQL files it runs. */
function fakeWrangler(databases: { name: string; uuid: string }[]) {
  const ran: string[] = [];
  const sql: string[] = [];
  const exec: Exec = async (command) => {
    ran.push(command.join(' '));
    if (command.includes('list')) return { code: 0, stdout: JSON.stringify(databases), stderr: '' };
    const file = command[command.indexOf('--file') + 1];
    if (command.includes('execute') && file) sql.push(readFileSync(file, 'utf8'));
    return { code: 0, stdout: '', stderr: '' };
  };
  return { exec, ran, sql };
}

afterAll(() => rmSync('.tmp/remote-store-test', { recursive: true, force: true }));

const row = { ...catalogRows()[0]!, id: 'imported-one', imageKey: 'templates/imported-one.png', popularityRank: 1000 };
const item = { row, image: { bytes: new Uint8Array([137, 80, 78, 71]), contentType: 'image/png' } };

describe('the importers’ --remote store', () => {
  it('puts each picture into the production bucket, then upserts the rows into the production database', async () => {
    const wrangler = fakeWrangler([{ name: 'memeforge', uuid: 'prod-db-id' }]);
    // Its own config path, so the test leaves the deploy's generated config alone.
    const config = '.tmp/remote-store-test/wrangler.jsonc';
    const store = await openRemoteStore(wrangler.exec, config);
    await store.save([item]);
    await store.close();
    const [, put, execute] = wrangler.ran;
    expect(put).toMatch(
      /^npx wrangler r2 object put memeforge-images\/templates\/imported-one\.png --file \S+ --content-type image\/png --remote$/,
    );
    expect(execute).toBe(
      `npx wrangler d1 execute DB --remote --file .tmp/remote-import/imported-templates.sql --yes -c ${config} --env production`,
    );
    expect(wrangler.sql[0]).toContain('insert into "templates"');
    expect(wrangler.sql[0]).toContain("'imported-one'");
    // Imported rows never remove built-in ones.
    expect(wrangler.sql[0]).not.toContain('delete from "templates"');
    expect(readFileSync(config, 'utf8')).toContain('"database_id": "prod-db-id"');
  });

  it('says to deploy first when the account has no production database', async () => {
    const wrangler = fakeWrangler([{ name: 'something-else', uuid: 'x' }]);
    await expect(openRemoteStore(wrangler.exec, '.tmp/remote-store-test/wrangler.jsonc')).rejects.toThrow(
      'There is no D1 database memeforge on this account yet: run npm run deploy first.',
    );
    expect(wrangler.ran.filter((c) => c.includes('execute'))).toEqual([]);
  });
});
