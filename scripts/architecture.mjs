#!/usr/bin/env node
// Measures how well the tree keeps its walls: `node scripts/architecture.mjs` (add --list to see each finding).
// Production files only (tests, fixtures and test helpers may reach in); imports are read from the source.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const list = process.argv.includes('--list');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : walk(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const isTest = (path) => /\.test\.tsx?$|[/\\]test[/\\]|test-[a-z-]+\.ts$|\.fixtures\.ts$|\.held-out\.ts$|[/\\]fuzz[/\\]/.test(path);

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]);
  return specs.map((spec) => {
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // try the next spelling
      }
    }
    return base;
  });
}

/**
 * The unit a file belongs to: `modules/<m>`, `features/<f>`, or its first folder under src; a file at the top of src
 * is its own unit. A module's tables (`<m>.schema.ts`) are a layer below every module, `tables/<m>`: they import only
 * other tables, and repositories read across them (each table is written by its own module only).
 */
function unitOf(src, file) {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) return parts[0];
  if (parts[0] === 'modules' && parts.length > 2 && parts.at(-1).endsWith('.schema.ts')) return `tables/${parts[1]}`;
  if ((parts[0] === 'modules' || parts[0] === 'features') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Tarjan's strongly connected components over a map of node → Set(node). */
function cyclicEdges(edges) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const component = new Map();
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
    if (meta.get(node).low === meta.get(node).index) {
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        component.set(member, node);
      } while (member !== node);
    }
  };
  for (const node of edges.keys()) if (!meta.has(node)) visit(node);
  const cyclic = [];
  for (const [from, tos] of edges) for (const to of tos) if (component.get(from) === component.get(to)) cyclic.push(`${from} → ${to}`);
  return cyclic;
}

function graph(src) {
  const files = walk(src).filter((file) => !isTest(file));
  const edges = new Map();
  const fileEdges = [];
  for (const file of files) {
    const from = unitOf(src, file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of importsOf(file)) {
      if (!target.startsWith(src)) continue;
      const to = unitOf(src, target);
      fileEdges.push({ file, target, from, to });
      if (to !== from) edges.get(from).add(to);
    }
  }
  return { files, edges, fileEdges };
}

const report = [];
const show = (label, value, items = []) => {
  report.push(`${label.padEnd(58)} ${value}`);
  if (list) for (const item of items) report.push(`    ${item}`);
};

// Server
const server = join(root, 'apps/server/src');
const s = graph(server);
const arrows = [...s.edges.values()].reduce((n, tos) => n + tos.size, 0);
const back = cyclicEdges(s.edges);
show('server: folder-level import arrows', arrows);
show('server: arrows that run back up (inside a cycle)', back.length, back);
const modules = (unit) => unit.startsWith('modules/');
const mutual = [];
for (const [from, tos] of s.edges) {
  for (const to of tos) if (modules(from) && modules(to) && from < to && s.edges.get(to)?.has(from)) mutual.push(`${from} ↔ ${to}`);
}
show('server: mutual module pairs', mutual.length, mutual);
const pastFace = s.fileEdges
  .filter(({ from, to, target }) => modules(to) && from !== to && !/[/\\]index\.ts$/.test(target))
  .map(({ file, target }) => `${relative(server, file)} → ${relative(server, target)}`);
show('server: imports past a module face (not its index.ts)', pastFace.length, pastFace);

const sqlOutside = [];
for (const file of s.files) {
  if (/\.(repository|schema)\.ts$/.test(file) || file.includes(`${sep}db${sep}`)) continue;
  const count = (readFileSync(file, 'utf8').match(/\bsql(\.raw)?[`(<]/g) ?? []).length;
  if (count > 0) sqlOutside.push(`${relative(server, file)}: ${count}`);
}
show('server: files outside repositories with SQL templates', sqlOutside.length, sqlOutside);

const drizzleOutside = s.files
  .filter((file) => !/\.(repository|schema)\.ts$/.test(file) && !file.includes(`${sep}db${sep}`))
  .filter((file) => /^import (?!type )[^;]*from 'drizzle-orm/m.test(readFileSync(file, 'utf8')))
  .map((file) => relative(server, file));
show('server: files outside repositories importing drizzle-orm (values)', drizzleOutside.length, drizzleOutside);

// Web
const web = join(root, 'apps/web/src');
const w = graph(web);
const crossFeature = w.fileEdges
  .filter(({ from, to }) => from.startsWith('features/') && (to === 'app' || (to.startsWith('features/') && to !== from)))
  .map(({ file, target }) => `${relative(web, file)} → ${relative(web, target)}`);
show('web: imports from a feature into another feature or app/', crossFeature.length, crossFeature);

// Sizes
// Data, not code: demo content, word lists, reference tables, fixtures, locales, tables.
const isData = (file) =>
  /(data|demo-marketplace-projects|lexicon|terms|fixtures|held-out|common-passwords|locales|\.schema)\b|[/\\](drizzle|reference)[/\\]/.test(
    file,
  );
const sizes = [...s.files, ...w.files, ...walk(join(root, 'packages/shared/src')).filter((f) => !isTest(f))]
  .filter((file) => !isData(file))
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }));
const long = sizes.filter(({ lines }) => lines > 300).sort((a, b) => b.lines - a.lines);
show(
  'files over 300 lines that are not data',
  long.length,
  long.map(({ file, lines }) => `${relative(root, file)}: ${lines}`),
);
const sorted = sizes.map(({ lines }) => lines).sort((a, b) => a - b);
show('median file length (lines)', sorted[Math.floor(sorted.length / 2)]);

console.log(report.join('\n'));
