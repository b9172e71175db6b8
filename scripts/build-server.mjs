// `npm run build:server`: compiles the server and the admin CLI into packages/api/dist with esbuild
// (or into `--out DIR`, which must sit inside the repository so node_modules resolve from it).
// The @vestibule/contract workspace (it exports TypeScript sources) is bundled in; every npm
// dependency stays an import resolved from node_modules at run time, so native and WASM packages
// (argon2, PGlite) load as their authors ship them. Files read at run time (SQL migrations, the
// common-password list) are copied beside the bundle, where their `new URL(…, import.meta.url)`
// lookups find them: src/db/migrate.ts and src/security/password-policy.ts sit one level below
// src/, like dist/main.js below dist/, so './migrations/' and './common-passwords.txt' resolve to
// dist/migrations/ and dist/common-passwords.txt.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const api = join(root, 'packages/api');
const outFlag = process.argv.indexOf('--out');
const out = outFlag > 0 ? resolve(process.argv[outFlag + 1] ?? '') : join(api, 'dist');

/** npm packages stay external; relative imports and the workspace's own packages are bundled. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@vestibule/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const started = Date.now();
await build({
  entryPoints: { main: join(api, 'src/main.ts'), cli: join(api, 'src/cli/main.ts') },
  outdir: out,
  bundle: true,
  // No shared chunks: each entry is one file directly in dist/, so import.meta.url of any bundled
  // module is dist/ (see above).
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  sourcemap: 'linked',
  // Stack traces name functions and classes as in the sources; nothing is minified.
  keepNames: true,
  legalComments: 'none',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
cpSync(join(api, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(api, 'src/security/common-passwords.txt'), join(out, 'common-passwords.txt'));
console.log(`Server built into ${out} in ${Date.now() - started} ms`);
