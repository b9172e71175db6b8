import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run typecheck` covers every script of the repository (decision 0051): each .ts, .tsx, .mjs
// and .js file outside build output is a file of one of the TypeScript projects the command names.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', '.git', 'test-results', 'playwright-report', 'data']);
const SCRIPT = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function scripts(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('dist')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...scripts(path));
    // Declaration files (.d.ts, .d.mts) describe a script for TypeScript importers; not scripts.
    else if (SCRIPT.test(name) && !/\.d\.m?ts$/.test(name))
      out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

/** The projects `npm run typecheck` runs: every `tsc -p <dir>` of the script. */
function typecheckProjects() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return [...pkg.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
}

/** The files a project checks: its root files (what its `include` matches), from `--showConfig`. */
function filesOf(project) {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const config = JSON.parse(
    execFileSync(process.execPath, [tsc, '-p', project, '--showConfig'], { cwd: root, encoding: 'utf8' }),
  );
  return (config.files ?? []).map((file) =>
    relative(root, resolve(root, project, file))
      .split(sep)
      .join('/'),
  );
}

describe('npm run typecheck', () => {
  it('type-checks every script in the repository, bench/ and robustness/ included', {
    timeout: 60_000,
  }, () => {
    const projects = typecheckProjects();
    expect(projects).toEqual(expect.arrayContaining(['bench', 'robustness', 'scripts']));
    const checked = new Set(projects.flatMap(filesOf));
    const unchecked = scripts(root).filter((file) => !checked.has(file));
    expect(unchecked).toEqual([]);
  });
});
