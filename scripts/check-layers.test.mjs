import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { API_RANKS, checkRepository, importsOf } from './check-layers.mjs';

const script = fileURLToPath(new URL('./check-layers.mjs', import.meta.url));
const repoRoot = resolve(dirname(script), '..');
const made = [];

/** A repository of the given files (path → source), in a temporary folder. */
function repository(files) {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  made.push(root);
  mkdirSync(join(root, 'packages/web/src'), { recursive: true });
  mkdirSync(join(root, 'packages/api/src'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const web = (path) => `packages/web/src/${path}`;
const api = (path) => `packages/api/src/${path}`;

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the layering check', () => {
  it('passes on this repository', () => {
    expect(checkRepository(repoRoot)).toEqual([]);
  });

  it('finds static, type-only, re-exported, dynamic and mocked imports, not ones in comments', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "const d = await import('./d');",
      "vi.mock('./e', () => ({}));",
      "// import { f } from './f';",
      "/* import { g } from './g'; */",
      "import { h } from 'react';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a', '../b', './c', './d', './e']);
  });

  it.each([
    [
      'a feature importing app/',
      web('features/a/x.ts'),
      "import { P } from '../../app/paths';",
      'app/paths.ts',
    ],
    [
      "a feature reaching into another feature's internals",
      web('features/a/x.ts'),
      "import { C } from '../b/components/C';",
      'features/b/components/C.ts',
    ],
    [
      'lib/ importing a feature',
      web('lib/x.ts'),
      "import { C } from '../features/b';",
      'features/b/index.ts',
    ],
    [
      "i18n/ importing a feature's texts (features own their strings in the catalogs)",
      web('i18n/x.ts'),
      "import { fr } from '../features/b/i18n/fr';",
      'features/b/i18n/fr.ts',
    ],
    ['lib/ importing app/', web('lib/x.ts'), "import { P } from '../app/paths';", 'app/paths.ts'],
    [
      'lib/ importing components/',
      web('lib/x.ts'),
      "import { W } from '../components/W';",
      'components/W.ts',
    ],
    ['http/ importing flows/', api('http/x.ts'), "import { f } from '../flows/f/index';", 'flows/f/index.ts'],
    [
      "a flow reaching into another flow's files",
      api('flows/g/x.ts'),
      "import { f } from '../f/q';",
      'flows/f/q.ts',
    ],
    [
      'the admin API reaching into a flow',
      api('admin/x.ts'),
      "import { f } from '../flows/f/q';",
      'flows/f/q.ts',
    ],
    [
      'the model importing a flow',
      api('account/x.ts'),
      "import { f } from '../flows/f/index';",
      'flows/f/index.ts',
    ],
    [
      'the model importing the admin API',
      api('account/x.ts'),
      "import { g } from '../admin/guard';",
      'admin/guard.ts',
    ],
    [
      'security/ importing the model',
      api('security/x.ts'),
      "import { u } from '../account/users';",
      'account/users.ts',
    ],
    [
      'security/ importing flows/',
      api('security/x.ts'),
      "import { f } from '../flows/f/index';",
      'flows/f/index.ts',
    ],
    [
      'db/ importing security/',
      api('db/x.ts'),
      "import { p } from '../security/password';",
      'security/password.ts',
    ],
    [
      'delivery/ importing http/',
      api('delivery/x.ts'),
      "import { r } from '../http/route';",
      'http/route.ts',
    ],
    [
      'db/ importing delivery/',
      api('db/x.ts'),
      "import { o } from '../delivery/outbox';",
      'delivery/outbox.ts',
    ],
  ])('fails on %s', (_name, importer, source, target) => {
    const root = repository({
      [importer]: `${source}\n`,
      [web('app/paths.ts')]: 'export const P = 1;\n',
      [web('features/b/components/C.ts')]: 'export const C = 1;\n',
      [web('features/b/index.ts')]: "export { C } from './components/C';\n",
      [web('features/b/i18n/fr.ts')]: 'export const fr = {};\n',
      [web('components/W.ts')]: 'export const W = 1;\n',
      [api('flows/f/q.ts')]: 'export const f = 1;\n',
      [api('flows/f/index.ts')]: "export { f } from './q';\n",
      [api('security/password.ts')]: 'export const p = 1;\n',
      [api('http/route.ts')]: 'export const r = 1;\n',
      [api('delivery/outbox.ts')]: 'export const o = 1;\n',
      [api('admin/guard.ts')]: 'export const g = 1;\n',
      [api('account/users.ts')]: 'export const u = 1;\n',
    });
    const found = checkRepository(root);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(target);
  });

  it('fails on an import of a module that moved away (the codemod was not re-run)', () => {
    const root = repository({ [web('features/a/x.ts')]: "import { P } from '../../app/paths';\n" });
    expect(checkRepository(root)).toEqual([
      'packages/web/src/features/a/x.ts → ../../app/paths: does not resolve to a file',
    ]);
  });

  it('fails on two files that import each other', () => {
    const root = repository({
      [web('lib/a.ts')]: "import { b } from './b';\nexport const a = b;\n",
      [web('lib/b.ts')]: "export const b = 1;\nexport const c = () => import('./a');\n",
    });
    expect(checkRepository(root)).toEqual([
      'packages/web/src/lib/a.ts → lib/b.ts: the two files import each other',
    ]);
  });

  it('allows what points down or goes through a public surface', () => {
    const root = repository({
      [web('app/router.ts')]:
        "import { C } from '../features/b/components/C';\nimport { P } from '../lib/paths';\n",
      [web('features/a/x.ts')]:
        "import { C } from '../b';\nimport { P } from '../../lib/paths';\nimport { W } from '../../components/W';\n",
      [web('features/b/components/C.ts')]: 'export const C = 1;\n',
      [web('features/b/index.ts')]: "export { C } from './components/C';\n",
      [web('features/b/i18n/fr.ts')]: 'export const fr = {};\n',
      [web('components/W.ts')]: "import { P } from '../lib/paths';\nexport const W = P;\n",
      [web('lib/paths.ts')]: 'export const P = 1;\n',
      [api('db/audit.ts')]: "import { metrics } from '../operations/metrics';\n",
      [api('delivery/outbox.ts')]:
        "import { s } from '../security/secret-box';\nimport { e } from '../http/api-error';\nimport { d } from '../db/audit';\n",
      [api('operations/metrics.ts')]: 'export const metrics = 1;\n',
      [api('security/secret-box.ts')]: 'export const s = 1;\n',
      [api('http/api-error.ts')]: 'export const e = 1;\n',
      [api('http/authenticate.ts')]: "import { q } from '../security/session.queries';\n",
      [api('security/session.queries.ts')]: "import { d } from '../db/audit';\n",
      [api('account/users.ts')]:
        "import { q } from '../security/session.queries';\nimport { o } from '../delivery/outbox';\n",
      [api('flows/f/routes.ts')]:
        "import { a } from '../../http/authenticate';\nimport { q } from '../../account/users';\n",
      [api('admin/x.ts')]: "import { q } from '../account/users';\n",
      [api('flows/f/index.ts')]: "export { a } from './routes';\n",
      [api('flows/g/x.ts')]: "import { a } from '../f/index';\n",
      [api('server.ts')]: "import { a } from './flows/f/index';\n",
    });
    expect(checkRepository(root)).toEqual([]);
  });

  it('exits 1 and names the import when a layer is broken, 0 when not', () => {
    const broken = repository({
      [web('features/a/x.ts')]: "import { P } from '../../app/paths';\n",
      [web('app/paths.ts')]: 'export const P = 1;\n',
    });
    const failed = spawnSync(process.execPath, [script, broken], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('packages/web/src/features/a/x.ts → app/paths.ts');

    const clean = repository({ [web('lib/paths.ts')]: 'export const P = 1;\n' });
    expect(spawnSync(process.execPath, [script, clean], { encoding: 'utf8' }).status).toBe(0);
  });
});

/** The API subgraph of docs/architecture.md's diagram: each node's rank and each arrow. */
function apiDiagram() {
  const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');
  const block = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const api = block.slice(block.indexOf('subgraph api'), block.indexOf('end', block.indexOf('subgraph api')));
  const rankOf = (label) =>
    label.startsWith('main.ts')
      ? API_RANKS.top
      : label.startsWith('base:')
        ? API_RANKS.base
        : API_RANKS[/^(flows|account|security|delivery|db)\//.exec(label)?.[1] ?? ''];
  const ranks = new Map();
  for (const [, id, label] of api.matchAll(/(\w+)\["([^"]*)"\]/g))
    if (id !== 'api') ranks.set(id, rankOf(label));
  const arrows = [...api.matchAll(/^\s*(\w+)(?:\["[^"]*"\])?\s*(?:--\s*"[^"]*"\s*)?-->\s*(\w+)/gm)].map(
    ([, from, to]) => [from, to],
  );
  return { ranks, arrows };
}

describe("docs/architecture.md's diagram", () => {
  it('draws every API layer of the check, each arrow pointing down (or within a layer)', () => {
    const { ranks, arrows } = apiDiagram();
    expect(new Set(ranks.values())).toEqual(new Set(Object.values(API_RANKS)));
    expect(arrows.length).toBeGreaterThan(5);
    for (const [from, to] of arrows)
      expect(ranks.get(from), `${from} --> ${to}`).toBeGreaterThanOrEqual(ranks.get(to));
  });
});
