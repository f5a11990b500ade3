import { describe, expect, it } from 'vitest';
import { upsertSqlFile, type TemplateRow } from './rows';

const row: TemplateRow = {
  id: 'a', name: "It's fine", description: null, keywords: 'x y', image_key: 'static:templates/a.png', width: 10,
  height: 20, popularity_rank: 1, feature: 'meme-generator', text_boxes: '[]', examples: '[["what?"]]',
  license: 'CC0-1.0', author: 'us', source_url: null,
};

describe('template seed SQL', () => {
  it('quotes values as SQL literals, doubling quotes, and keeps question marks inside values', () => {
    const sql = upsertSqlFile([row]);
    expect(sql).toContain("'It''s fine'");
    expect(sql).toContain(`'[["what?"]]'`);
    expect(sql).toContain('on conflict(id) do update set');
    expect(sql.split('?')).toHaveLength(2);
  });

  it('removes built-in rows that left the catalog, and only built-in rows', () => {
    const sql = upsertSqlFile([row], ['a']);
    expect(sql).toContain("delete from templates where image_key like 'static:%' and id not in ('a');");
  });
});
