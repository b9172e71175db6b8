// The import layering of the web and API packages (docs/architecture.md "Layers", decision 0050),
// checked from the source text: every relative import (static, `export … from`, dynamic
// `import()`, `vi.mock()`) is resolved to a file and must point down or sideways, never up, and no
// two files may import each other. Run by `npm test` (and `npm run lint:layers`); exits 1 and
// lists every violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SPECIFIER =
  /(?:\bimport\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?|\bexport\s+(?:type\s+)?[^'"`;]*?\s+from\s+|\bimport\(\s*|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

/** Every source file under `dir` (absolute paths), skipping build output and dependencies. */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** The relative specifiers a file imports; comments are dropped first so examples in them do not count. */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => m[1]).filter((s) => s.startsWith('.'));
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.mjs`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// ---- Web: app/ → features/* → components/, lib/, i18n/, editions/ ----------------------------

const WEB_BOTTOM = new Set(['components', 'lib', 'i18n', 'editions']);

/** Where a web file sits: its layer, and for a feature its name and path inside it. */
function webPlace(path) {
  const [top, name, ...rest] = path.split('/');
  if (top === 'features') return { layer: 'feature', rank: 1, feature: name, inner: rest.join('/') };
  if (top === 'app') return { layer: 'app', rank: 2 };
  if (WEB_BOTTOM.has(top)) return { layer: top, rank: 0 };
  return { layer: 'entry', rank: 3 }; // main.tsx, entry.ts, prerender.tsx: above everything
}

const isIndex = (inner) => /^index\.tsx?$/.test(inner);

export function webViolation(from, to) {
  const a = webPlace(from);
  const b = webPlace(to);
  if (a.layer === 'feature' && b.layer === 'feature') {
    if (a.feature === b.feature) return undefined;
    if (isIndex(b.inner)) return undefined;
    return `features/${a.feature} reaches into features/${b.feature}/${b.inner}: import its index.ts`;
  }
  if (a.layer === 'feature' && b.layer === 'app')
    return 'a feature imports app/: move what is shared to lib/';
  if (a.rank === 0 && b.layer === 'feature')
    return `${a.layer}/ imports a feature: ${a.layer}/ is below features/`;
  if (a.rank < b.rank) return `${a.layer}/ imports ${b.layer}/, which is above it`;
  if (a.rank === 0 && b.rank === 0 && a.layer !== b.layer) {
    // The ground floor: components/ may use lib/ and i18n/; lib/ and i18n/ use neither components/
    // nor each other's upper half, so that a helper never pulls a widget in.
    if (b.layer === 'components' && a.layer !== 'components') return `${a.layer}/ imports components/`;
  }
  return undefined;
}

// ---- API: base → db → delivery → security, http, operations → account → flows → composition -----

/** Leaves that every layer may use: they import nothing from the server but each other. */
export const API_BASE_FILES = [
  'config.ts',
  'production-refusals.ts',
  'logger.ts',
  'version.ts',
  'operations/metrics.ts',
  'security/secret-box.ts',
  'http/api-error.ts',
];

// account/ is the model (decision 0082): the entities' queries and invariants and the services flows
// share (step-up, notices, session opening); flows call it, it calls no flow.
export const API_RANKS = {
  base: 0,
  db: 1,
  delivery: 2,
  security: 3,
  http: 3,
  operations: 3,
  account: 4,
  flows: 5,
  top: 6,
};

function apiPlace(path) {
  if (API_BASE_FILES.includes(path) || path.startsWith('types/')) return 'base';
  const top = path.split('/')[0];
  if (top in API_RANKS && top !== 'base' && top !== 'top') return top;
  return 'top'; // app.ts, server.ts, main.ts, seed.ts, cli/
}

export function apiViolation(from, to) {
  const a = apiPlace(from);
  const b = apiPlace(to);
  if (API_RANKS[a] < API_RANKS[b]) return `${a} imports ${b}, which is above it`;
  return undefined;
}

/** The flow a file belongs to (`flows/<name>/…`), or undefined. */
const flowOf = (path) => {
  const [top, name, ...rest] = path.split('/');
  return top === 'flows' && rest.length > 0 ? name : undefined;
};

/**
 * A flow is entered through its index.ts only: another flow, the admin API, the CLI and the
 * composition import what it exports there, so its other files can change without them.
 */
export function apiFlowDoor(from, to) {
  const target = flowOf(to);
  if (!target || flowOf(from) === target) return undefined;
  if (to === `flows/${target}/index.ts`) return undefined;
  return `reaches into flows/${target}/${to.split('/').slice(2).join('/')}: import flows/${target}/index.ts`;
}

// ---- The check ----------------------------------------------------------------------------------

export function checkTree({ root, rules, cycles = true }) {
  const files = sourceFiles(root);
  const edges = new Map();
  const violations = [];
  for (const file of files) {
    const from = relative(root, file).split(sep).join('/');
    const targets = new Set();
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      if (!target) {
        // A module moved away from under its importers (re-run the codemod of decision 0050).
        violations.push({ from, to: specifier, specifier, why: 'does not resolve to a file' });
        continue;
      }
      if (!target.startsWith(root + sep)) continue;
      const to = relative(root, target).split(sep).join('/');
      targets.add(to);
      for (const rule of rules) {
        const why = rule(from, to);
        if (why) violations.push({ from, to, specifier, why });
      }
    }
    edges.set(from, targets);
  }
  if (cycles) {
    for (const [from, targets] of edges) {
      for (const to of targets) {
        if (from < to && edges.get(to)?.has(from)) {
          violations.push({ from, to, specifier: '', why: 'the two files import each other' });
        }
      }
    }
  }
  return violations;
}

export const TREES = [
  { name: 'web', path: 'packages/web/src', rules: [webViolation] },
  { name: 'api', path: 'packages/api/src', rules: [apiViolation, apiFlowDoor] },
];

/** Every violation in the repository at `repoRoot`, each as one printable line. */
export function checkRepository(repoRoot) {
  const lines = [];
  for (const tree of TREES) {
    const root = resolve(repoRoot, tree.path);
    for (const v of checkTree({ root, rules: tree.rules })) {
      lines.push(`${tree.path}/${v.from} → ${v.to}: ${v.why}`);
    }
  }
  return lines;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const repoRoot = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const lines = checkRepository(repoRoot);
  for (const line of lines) console.error(line);
  if (lines.length > 0) {
    console.error(`\n${lines.length} layering violation(s); see docs/architecture.md "Layers".`);
    process.exit(1);
  }
  console.log('layers: every import points down, no two files import each other');
}
