/**
 * The import arrows of the source, by layer: every arrow must run down (docs/architecture.md "Layers",
 * decision 189). Prints, for server/ and web/, how many imports run between each pair of layers, every
 * import that runs back up (or across, between server/ and web/, or out of common/), and every cycle
 * between feature folders; exits 1 if there is any.
 *
 *   npx tsx scripts/import-arrows.ts
 *
 * It reads the import graph with TypeScript's own scanner (imports, exports, dynamic imports, `import type`
 * too: a type is a dependency of the design even when the build erases it) and resolves relative imports
 * only; packages are outside the layers. Tests and the test harnesses sit above the app (they assemble it),
 * so only the modules they import are checked, not the tests themselves.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A module's place: its root (server, web, common), its layer's name and rank, its feature folder if any. */
export type Place = { root: 'server' | 'web' | 'common'; layer: string; rank: number; feature?: string };

/** Bottom first: a module may import its own layer and those below it, never one above. */
export const SERVER_LAYERS = ['db', 'lib', 'plugins', 'features', 'app'] as const;
export const WEB_LAYERS = ['lib', 'api', 'components', 'features', 'app'] as const;

const SOURCE = /\.(ts|tsx|js|mjs|json)$/;
const TEST = /(\.test\.(ts|tsx)$)|(^(server|web)\/test\/)/;

/**
 * The layer of a file (a path relative to the repository, with forward slashes), or null when the file is
 * outside the layers (tests and their harnesses, configuration, scripts).
 */
export function placeOf(file: string): Place | null {
  if (TEST.test(file)) return null;
  const [root, first, second] = file.split('/');
  if (root === 'common') return { root, layer: 'common', rank: -1 };
  if (root === 'server') {
    // The root files: env.ts is the configuration every layer may read; app-types.ts the types of the
    // Fastify instance and of what every feature receives (the contract the app fills); app.ts and
    // main.ts compose everything.
    if (first === 'env.ts') return { root, layer: 'db', rank: 0 };
    if (first === 'app-types.ts') return { root, layer: 'features', rank: 3 };
    if (first === 'db' || first === 'lib' || first === 'plugins') return { root, layer: first, rank: SERVER_LAYERS.indexOf(first) };
    if (first === 'features') return { root, layer: 'features', rank: 3, feature: second };
    return { root, layer: 'app', rank: 4 };
  }
  if (root === 'web') {
    if (first === 'lib' || first === 'api' || first === 'components') return { root, layer: first, rank: WEB_LAYERS.indexOf(first) };
    // Translations and public assets are data the lowest layer loads; the service worker is an entry of
    // its own whose pure modules (api-cache.ts: what is kept, whose) web/lib reads too.
    if (first === 'locales' || first === 'public') return { root, layer: 'lib', rank: 0 };
    if (first === 'service-worker') return { root, layer: 'service-worker', rank: 0 };
    if (first === 'features') return { root, layer: 'features', rank: 3, feature: second };
    // app/ and the entries (main.tsx, start.tsx).
    return { root, layer: 'app', rank: 4 };
  }
  return null;
}

export type Edge = { from: string; to: string };

/** Every source file under the given roots, relative to `repo`. */
export function sourceFiles(repo: string, roots: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(relative);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.json')) found.push(relative);
    }
  };
  for (const root of roots) if (existsSync(path.join(repo, root))) walk(root);
  return found.sort();
}

const CANDIDATES = ['', '.ts', '.tsx', '.js', '.json', '/index.ts', '/index.tsx'];

/** A relative import resolved to a file of the repository (as TypeScript's bundler resolution would), or null. */
function resolve(repo: string, from: string, specifier: string): string | null {
  const base = path.posix.join(path.posix.dirname(from), specifier.replace(/\?.*$/, ''));
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    const absolute = path.join(repo, candidate);
    if (existsSync(absolute) && statSync(absolute).isFile()) return candidate;
  }
  // `./x.js` written for a `./x.ts` source.
  const withoutJs = base.replace(/\.js$/, '');
  for (const suffix of ['.ts', '.tsx']) if (existsSync(path.join(repo, withoutJs + suffix))) return withoutJs + suffix;
  return null;
}

/** The relative imports of every file, resolved. */
export function importEdges(repo: string, files: readonly string[]): Edge[] {
  const edges: Edge[] = [];
  for (const from of files) {
    const text = readFileSync(path.join(repo, from), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = resolve(repo, from, fileName);
      if (to) edges.push({ from, to });
    }
  }
  return edges;
}

/** Why an import runs the wrong way, or null when it runs down or within its layer. */
export function wrongWay(edge: Edge): string | null {
  const from = placeOf(edge.from);
  const to = placeOf(edge.to);
  if (!from || !to) return null;
  if (from.root === 'common') return to.root === 'common' ? null : `common/ imports ${to.root}/`;
  if (to.root === 'common') return null;
  if (from.root !== to.root) return `${from.root}/ imports ${to.root}/`;
  return to.rank > from.rank ? `${from.root} ${from.layer} → ${to.layer}` : null;
}

/** Import counts between layers, as "root: from → to" keys. */
export function countsByDirection(edges: readonly Edge[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const edge of edges) {
    const from = placeOf(edge.from);
    const to = placeOf(edge.to);
    if (!from || !to) continue;
    const key = from.root === to.root ? `${from.root}: ${from.layer} → ${to.layer}` : `${from.root} ${from.layer} → ${to.root} ${to.layer}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The cycles between feature folders of one root: each strongly connected group of two or more folders
 * (Tarjan), with one import that closes each arrow of the group.
 */
export function featureCycles(edges: readonly Edge[], root: 'server' | 'web'): string[][] {
  const arrows = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = placeOf(edge.from);
    const to = placeOf(edge.to);
    if (from?.root !== root || to?.root !== root || !from.feature || !to.feature || from.feature === to.feature) continue;
    if (!arrows.has(from.feature)) arrows.set(from.feature, new Set());
    arrows.get(from.feature)?.add(to.feature);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of arrows.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...arrows.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** The whole report: its lines, and whether anything runs the wrong way. */
export function report(repo: string): { lines: string[]; wrong: number } {
  const edges = importEdges(repo, sourceFiles(repo, ['server', 'web', 'common']));
  const lines = [
    'Imports between layers (bottom first: server db < lib < plugins < features < app; web lib < api < components < features < app):',
  ];
  for (const [direction, count] of countsByDirection(edges)) lines.push(`  ${direction}: ${count}`);
  const back = edges.flatMap((edge) => {
    const why = wrongWay(edge);
    return why ? [`  ${why}: ${edge.from} → ${edge.to}`] : [];
  });
  lines.push('', `Imports that run the wrong way: ${back.length}`, ...back);
  const cycles = (['server', 'web'] as const).flatMap((root) =>
    featureCycles(edges, root).map((group) => `  ${root}/features: ${group.join(' ↔ ')}`),
  );
  lines.push('', `Cycles between feature folders: ${cycles.length}`, ...cycles);
  return { lines, wrong: back.length + cycles.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines, wrong } = report(path.join(import.meta.dirname, '..'));
  console.log(lines.join('\n'));
  process.exitCode = wrong > 0 ? 1 : 0;
}
