/**
 * The repository's import graph, read with the TypeScript compiler's own import scanner (`preProcessFile`: every
 * `import`, `import type`, `export … from`, `import()` and `require`, without type-checking), and the layers it must
 * respect (ARCHITECTURE.md, "The layers"; ADR 0177). scripts/import-graph.test.ts fails on any circle and on any
 * import that climbs a layer, which ESLint's per-folder rules cannot see: a circle spans files, and a type-only
 * import is still an edge a reader has to follow.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { repositoryFiles } from './repository-files';

const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;

export interface Layer {
  name: string;
  /** Path prefixes (folders end in `/`) or exact file names that belong to the layer. */
  paths: readonly string[];
  /** The layers its files may import, besides its own. */
  mayImport: readonly string[];
}

/**
 * The layers, lowest first (ARCHITECTURE.md): a file may import its own layer and the ones named. Tests and
 * configs form the `tooling` layer wherever they sit (a `*.test.ts` beside core/ may read a fixture maker from
 * scripts/lib/), and only benchmarks import bench/.
 */
export const LAYERS: readonly Layer[] = [
  { name: 'config', paths: ['memeforge.config.ts'], mayImport: [] },
  { name: 'core', paths: ['core/'], mayImport: ['config'] },
  { name: 'app', paths: ['app/', 'server.ts'], mayImport: ['core', 'config'] },
  { name: 'workers', paths: ['workers/'], mayImport: ['core', 'config'] },
  { name: 'local-common', paths: ['local-common/'], mayImport: ['core'] },
  ...['local-ai', 'local-images', 'local-render'].map((name) => ({
    name,
    paths: [`${name}/`],
    mayImport: ['core', 'local-common'],
  })),
  {
    name: 'scripts',
    paths: ['scripts/'],
    mayImport: ['config', 'core', 'app', 'workers', 'local-common', 'local-ai', 'local-images', 'local-render'],
  },
  {
    name: 'tooling',
    paths: ['e2e/'],
    mayImport: [
      'config',
      'core',
      'app',
      'workers',
      'local-common',
      'local-ai',
      'local-images',
      'local-render',
      'scripts',
    ],
  },
  {
    name: 'bench',
    paths: ['bench/'],
    mayImport: [
      'config',
      'core',
      'app',
      'workers',
      'local-common',
      'local-ai',
      'local-images',
      'local-render',
      'scripts',
      'tooling',
    ],
  },
];

/** Test files, their support folders and tool configs: the tooling layer, wherever they sit (bench/'s stay bench). */
const TOOLING_FILE = /(\.test\.tsx?|\.spec\.ts|(^|\/)[\w.-]+\.config\.(ts|js|mjs))$|^workers\/api\/test\//;

/** The layer `file` (a path from the root, `/`-separated) belongs to, or undefined for a file outside every layer. */
export function layerOf(file: string, layers: readonly Layer[] = LAYERS): Layer | undefined {
  const named = layers.find((l) => l.paths.includes(file));
  if (named) return named;
  const owner = layers.find((l) => l.paths.some((p) => p.endsWith('/') && file.startsWith(p)));
  if (owner?.name !== 'bench' && TOOLING_FILE.test(file)) return layers.find((l) => l.name === 'tooling');
  return owner;
}

/** Every source file of the repository, `/`-separated from `root`, sorted. */
export const sourceFiles = (root: string) =>
  repositoryFiles(root, (file) => SOURCE_FILE.test(file) && !file.endsWith('.d.ts'));

/**
 * The repository file an import specifier names: relative to the importing file, or `~/` for app/ (the alias of
 * tsconfig.base.json); extensionless names as the bundler resolves them. A package is undefined; a name that is no
 * source file (JSON, CSS, WASM, a generated `.d.ts`) is returned as written, so it still counts for its layer.
 */
export function resolveImport(files: ReadonlySet<string>, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('~/')) base = posix.join('app', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = posix.join(posix.dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((ext) => base + ext),
    base.replace(/\.js$/, '.ts'),
  ];
  return candidates.find((c) => files.has(c)) ?? base;
}

/** Each source file's imports of other repository files. */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => resolveImport(known, file, i.fileName))
      .filter((t): t is string => t !== undefined && t !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle of imports (Tarjan's strongly connected components of two files or more), each as a path `a → b → … → a`. */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components.map((c) => loopThrough(graph, new Set(c)));
}

/** One concrete loop inside a strongly connected component, from its first file (sorted) back to it. */
function loopThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at: string | undefined = v; at !== undefined && at !== start; at = cameFrom.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

export interface Climb {
  from: string;
  to: string;
  message: string;
}

/** Every import from a file to a layer its own may not import, with the rule it breaks in words. */
export function climbs(graph: ReadonlyMap<string, readonly string[]>, layers: readonly Layer[] = LAYERS): Climb[] {
  const found: Climb[] = [];
  for (const [from, targets] of graph) {
    const own = layerOf(from, layers);
    if (!own) continue;
    for (const to of targets) {
      const theirs = layerOf(to, layers);
      if (!theirs || theirs === own || own.mayImport.includes(theirs.name)) continue;
      const allowed = [own.name, ...own.mayImport].join(', ');
      found.push({
        from,
        to,
        message: `${from} imports ${to}: ${own.name} may import only ${allowed} (not ${theirs.name})`,
      });
    }
  }
  return found;
}
