// What the server loads at start (decision 0059): the packages that only some requests need are
// imported at first use, and a static import anywhere on the start path would load them for every
// server (round 2: adapter.ts imported by server.ts put oidc-provider back at start). Bundles
// src/main.ts as scripts/build-server.mjs does (npm packages external, code splitting) into
// memory and follows the static imports of its output only.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const LAZY_PACKAGES = [
  'oidc-provider',
  'qrcode',
  'nodemailer',
  '@simplewebauthn/server',
  'ioredis',
  'react-dom', // the e-mail renderer (delivery/messages/react-email.ts)
  'html-to-text',
  '@electric-sql/pglite',
  // Tracing and error reporting: loaded only when configured (dist/main.js, operations/telemetry.ts).
  '@opentelemetry/sdk-node',
  '@opentelemetry/api',
  '@fastify/otel',
  'import-in-the-middle',
  '@sentry/node',
];

async function packagesLoadedAtStart() {
  const result = await build({
    entryPoints: { server: join(root, 'packages/api/src/main.ts') },
    outdir: join(root, 'packages/api/dist-start-imports'),
    write: false,
    metafile: true,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    logLevel: 'silent',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@vestibule/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const outputs = result.metafile.outputs;
  const entry = Object.entries(outputs).find(([, output]) => output.entryPoint)?.[0];
  if (!entry) throw new Error('esbuild wrote no entry output');
  const seen = new Set();
  const packages = new Set();
  /** @param {string} path */
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue; // dynamic import(): loaded at first use
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return packages;
}

describe('the server at start', () => {
  it('imports none of the packages that only some requests need', async () => {
    const packages = await packagesLoadedAtStart();
    expect(packages.has('fastify')).toBe(true); // the walk does see the start path
    expect(
      LAZY_PACKAGES.filter((name) => [...packages].some((p) => p === name || p.startsWith(`${name}/`))),
    ).toEqual([]);
  });

  it("does not import node:http as an ES module (it would load undici, Node's fetch, at start)", async () => {
    // An ES import of node:http evaluates its lazy WebSocket/MessageEvent exports, which load
    // undici (+14 MB of RSS, decision 0061); the server takes it with process.getBuiltinModule.
    const packages = await packagesLoadedAtStart();
    expect(packages.has('node:fs')).toBe(true); // builtins are in the walk too
    expect(packages.has('node:http')).toBe(false);
  });
});
