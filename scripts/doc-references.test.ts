import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adrNumbers,
  brokenReferences,
  markdownReferences,
  productHeadings,
  productSections,
  resolveReference,
} from './lib/doc-references';

const root = resolve(import.meta.dirname, '..');

/** A throwaway repository: `files` maps paths to contents. */
function repository(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'doc-refs-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('doc references', () => {
  it('finds .md paths in links, backticks and prose, but not web addresses or built names', () => {
    const text = [
      'See [the guide](docs/api.md#errors) and `docs/deploy.md`.',
      '// Layer boundaries (ARCHITECTURE.md, ADR 0108)',
      'Read https://example.com/docs/guide.md and ../README.md.',
      'const name = `${slug}.md`;',
    ].join('\n');
    expect(markdownReferences(text).map((r) => [r.target, r.line])).toEqual([
      ['docs/api.md', 1],
      ['docs/deploy.md', 1],
      ['ARCHITECTURE.md', 2],
      ['../README.md', 3],
    ]);
  });

  it('reads every ADR number of a citation, alone or in a list', () => {
    const text = 'ADR 0050\nADRs 0050 and 0052\n(ADR 0050/0052, 0053)\nADR 0010 · 0109';
    expect(adrNumbers(text).map((a) => a.number)).toEqual([
      '0050',
      '0050',
      '0052',
      '0050',
      '0052',
      '0053',
      '0010',
      '0109',
    ]);
  });

  it('reads product sections from headings and citations', () => {
    expect([...productHeadings('# Product\n## 1. Home\n### 1.2 Upload\n## Notes\n')]).toEqual(['1', '1.2']);
    expect(productSections('// docs/product.md §4.2, and docs/product.md, §7').map((s) => s.section)).toEqual([
      '4.2',
      '7',
    ]);
  });

  it('resolves beside the file first, then from the root, and never outside the repository', () => {
    const dir = repository({ 'docs/api.md': '', 'local-ai/tool/README.md': '', 'README.md': '' });
    expect(resolveReference(dir, 'local-ai/tool/server.mjs', 'README.md')).toEqual({
      ok: true,
      path: 'local-ai/tool/README.md',
    });
    expect(resolveReference(dir, 'app/x.ts', 'docs/api.md')).toEqual({ ok: true, path: 'docs/api.md' });
    expect(resolveReference(dir, 'docs/api.md', '../README.md')).toEqual({ ok: true, path: 'README.md' });
    expect(resolveReference(dir, 'app/x.ts', 'docs/gone.md')).toEqual({ ok: false, why: 'no such file' });
    expect(resolveReference(dir, 'README.md', '../shared/spec.md')).toEqual({
      ok: false,
      why: 'points outside the repository',
    });
  });

  it('reports a missing doc, an ADR that does not exist or was superseded, an ADR with no row in the index and a product section that does not', () => {
    const dir = repository({
      'docs/decisions/0001-first.md': '# 1. First\n\nStatus: superseded by 0003\n',
      'docs/decisions/README.md':
        '| ADR | title |\n|---|---|\n| [0001](0001-first.md) | First |\n| [0004](0004-gone.md) | Gone |\n',
      'docs/product.md': '# Product\n## 1. Home\n',
      'core/a.ts': '// see docs/decisions/0001-first.md and ADR 0003, docs/product.md §1\n',
      'core/c.ts': '// as ADR 0001 says\n',
      'docs/decisions/0003-third.md': '# 3. Third\n\nStatus: accepted; supersedes ADR 0001\n',
      'core/b.ts': '// see ARCHITECTURE.md\n// ADR 0002\n// docs/product.md §9\n',
      'node_modules/x/README.md': 'see missing.md',
    });
    expect(brokenReferences(dir)).toEqual([
      { file: 'core/b.ts', line: 1, problem: 'ARCHITECTURE.md: no such file' },
      { file: 'core/b.ts', line: 2, problem: 'ADR 0002: no docs/decisions/0002-*.md' },
      { file: 'core/b.ts', line: 3, problem: 'docs/product.md §9: no such section' },
      { file: 'core/c.ts', line: 1, problem: 'ADR 0001 is superseded by 0003: cite 0003' },
      { file: 'docs/decisions/README.md', line: 4, problem: '0004-gone.md: no such file' },
      { file: 'docs/decisions/README.md', line: 0, problem: '0003-third.md has no row in the index' },
    ]);
  });

  it('every .md file, ADR and product section named in this repository exists', { timeout: 30_000 }, () => {
    const problems = brokenReferences(root).map((p) => `${p.file}:${p.line}: ${p.problem}`);
    expect(problems).toEqual([]);
  });
});
