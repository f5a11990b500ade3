/**
 * The repository stands on its own: every Markdown file a doc, a comment or a config names must exist inside it,
 * every "ADR NNNN" must be a file in docs/decisions/, every such file a row of docs/decisions/README.md (the index,
 * ADR 0178) and, outside docs/decisions/, not one another ADR superseded, and every "docs/product.md §N" a section of
 * that file.
 * scripts/doc-references.test.ts runs these over the whole tree, so a renamed or deleted doc fails `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { repositoryFiles } from './repository-files';

/** Files whose comments and prose are read. Lock files and data are not. */
const TEXT_FILE = /\.(md|ts|tsx|js|mjs|cjs|toml|sql|css|ya?ml)$/;
/** This checker and its test, whose examples are references by design. */
const SELF = new Set(['scripts/lib/doc-references.ts', 'scripts/doc-references.test.ts']);

/** Every text file of the repository a person reads, relative to `root`. */
export const repositoryTextFiles = (root: string) =>
  repositoryFiles(root, (file) => TEXT_FILE.test(file) && !file.endsWith('.d.ts') && !SELF.has(file));

export interface Reference {
  /** As written: `docs/deploy.md`, `../README.md`, `CONTEXT.md`. */
  target: string;
  line: number;
}

/**
 * `.md` paths named in a text: Markdown links, backticked paths and plain prose alike. Web addresses are skipped
 * (they name someone else's files), and so are template strings that build a name (`${slug}.md`).
 */
export function markdownReferences(text: string): Reference[] {
  const refs: Reference[] = [];
  const pattern = /(?<![\w$}/.:-])((?:\.{1,2}\/)*(?:[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.md)(?![\w-])/g;
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(pattern)) {
      const before = lineText.slice(0, match.index);
      if (/[a-z]+:\/\/\S*$/i.test(before)) continue;
      refs.push({ target: match[1]!, line: index + 1 });
    }
  });
  return refs;
}

export type Resolution = { ok: true; path: string } | { ok: false; why: string };

/**
 * Where a reference in `fromFile` points: relative to the file's own folder (a Markdown link, or a README beside
 * it), else relative to the repository's root (how comments name files); a path that starts with `./` or `../` only
 * from the file's folder. Outside the repository is never right.
 */
export function resolveReference(root: string, fromFile: string, target: string): Resolution {
  const base = resolve(root);
  const fromHere = resolve(base, dirname(fromFile), target);
  const candidates =
    target.startsWith('./') || target.startsWith('../') ? [fromHere] : [fromHere, resolve(base, target)];
  const inside = candidates.filter((c) => c === base || c.startsWith(base + sep));
  if (inside.length === 0) return { ok: false, why: 'points outside the repository' };
  const hit = inside.find((c) => existsSync(c));
  return hit ? { ok: true, path: relative(base, hit) } : { ok: false, why: 'no such file' };
}

/** "ADR 0050", "ADRs 0050 and 0052", "ADR 0050/0052", "(ADR 0109, 0110)": the four-digit numbers cited. */
export function adrNumbers(text: string): { number: string; line: number }[] {
  const found: { number: string; line: number }[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(/\bADRs?\s+(\d{4}(?:\s*(?:,|\/|·|and|or|-|–)\s*\d{4})*)/g)) {
      for (const number of match[1]!.match(/\d{4}/g) ?? []) found.push({ number, line: index + 1 });
    }
  });
  return found;
}

/** The numbers of the ADRs that exist (`docs/decisions/NNNN-title.md`). */
export function existingAdrs(root: string): Set<string> {
  const dir = join(root, 'docs', 'decisions');
  return new Set(
    readdirSync(dir)
      .map((name) => /^(\d{4})-.+\.md$/.exec(name)?.[1])
      .filter((n): n is string => Boolean(n)),
  );
}

/**
 * The ADRs another has superseded, each with the number that replaces it (its status line reads "Status: superseded
 * by 0123"). Outside docs/decisions/, cite the one that replaced it.
 */
export function supersededAdrs(root: string): Map<string, string> {
  const dir = join(root, 'docs', 'decisions');
  const superseded = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const number = /^(\d{4})-.+\.md$/.exec(name)?.[1];
    const by = number && /^Status:\s*superseded by (?:ADR )?(\d{4})/im.exec(readFileSync(join(dir, name), 'utf8'))?.[1];
    if (number && by) superseded.set(number, by);
  }
  return superseded;
}

/** The ADR index: docs/decisions/README.md, one table row per ADR linking its file. */
export const ADR_INDEX = 'docs/decisions/README.md';

/**
 * What the ADR index lacks: each ADR file with no row linking it (`[0050](0050-image-engine.md)`), and each file
 * linked by more than one row. A row naming a file that does not exist is a broken reference like any other.
 */
export function unindexedAdrs(root: string): Problem[] {
  const dir = join(root, 'docs', 'decisions');
  const files = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));
  const indexPath = join(root, ADR_INDEX);
  if (!existsSync(indexPath))
    return files.length === 0
      ? []
      : [{ file: ADR_INDEX, line: 0, problem: `no index of the ${files.length} ADRs in docs/decisions/` }];
  const rows = new Map<string, number[]>();
  readFileSync(indexPath, 'utf8')
    .split('\n')
    .forEach((lineText, index) => {
      const linked = /^\|\s*\[\d{4}\]\((\d{4}-[^)]+\.md)\)/.exec(lineText)?.[1];
      if (linked) rows.set(linked, [...(rows.get(linked) ?? []), index + 1]);
    });
  const problems: Problem[] = [];
  for (const name of files) {
    const lines = rows.get(name) ?? [];
    if (lines.length === 0) problems.push({ file: ADR_INDEX, line: 0, problem: `${name} has no row in the index` });
    if (lines.length > 1)
      problems.push({
        file: ADR_INDEX,
        line: lines[1]!,
        problem: `${name} has ${lines.length} rows (lines ${lines.join(', ')})`,
      });
  }
  return problems;
}

/** "docs/product.md §4" and "docs/product.md §4.2": the sections cited. */
export function productSections(text: string): { section: string; line: number }[] {
  const found: { section: string; line: number }[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(/docs\/product\.md,?\s*§\s*(\d+(?:\.\d+)?)/g))
      found.push({ section: match[1]!, line: index + 1 });
  });
  return found;
}

/** The numbered headings of docs/product.md: "## 4. The editor" is 4, "### 4.2 Text" is 4.2. */
export function productHeadings(markdown: string): Set<string> {
  const headings = new Set<string>();
  for (const match of markdown.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)?)\.?\s/gm)) headings.add(match[1]!);
  return headings;
}

export interface Problem {
  file: string;
  line: number;
  problem: string;
}

/** Every broken reference in the repository at `root`, as `file:line: what`. */
export function brokenReferences(root: string): Problem[] {
  const problems: Problem[] = [];
  const adrs = existingAdrs(root);
  const superseded = supersededAdrs(root);
  const productPath = join(root, 'docs', 'product.md');
  const sections = existsSync(productPath) ? productHeadings(readFileSync(productPath, 'utf8')) : new Set<string>();
  for (const file of repositoryTextFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const ref of markdownReferences(text)) {
      const r = resolveReference(root, file, ref.target);
      if (!r.ok) problems.push({ file, line: ref.line, problem: `${ref.target}: ${r.why}` });
    }
    for (const adr of adrNumbers(text)) {
      if (!adrs.has(adr.number))
        problems.push({ file, line: adr.line, problem: `ADR ${adr.number}: no docs/decisions/${adr.number}-*.md` });
      const by = superseded.get(adr.number);
      if (by && !file.startsWith('docs/decisions/'))
        problems.push({ file, line: adr.line, problem: `ADR ${adr.number} is superseded by ${by}: cite ${by}` });
    }
    for (const cite of productSections(text)) {
      if (!sections.has(cite.section))
        problems.push({ file, line: cite.line, problem: `docs/product.md §${cite.section}: no such section` });
    }
  }
  return [...problems, ...unindexedAdrs(root)];
}
