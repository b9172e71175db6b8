// `npm test`: everything, in order, stopping at the first failure: type check, lint, the import
// layering (scripts/check-layers.mjs), the migration lint (scripts/check-migrations.mjs), dead
// exports, files and dependencies (knip), unit and API integration (PGlite and PostgreSQL), then
// end-to-end in Chromium against the built server.
import { spawnSync } from 'node:child_process';

/** @type {[name: string, command: string, args: string[]][]} */
const steps = [
  ['type check', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['layers', 'node', ['scripts/check-layers.mjs']],
  ['migrations', 'node', ['scripts/check-migrations.mjs']],
  ['dead code', 'npx', ['knip', '--no-progress']],
  ['unit and integration', 'npx', ['vitest', 'run']],
  ['end-to-end', 'npm', ['run', 'test:e2e']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds} s`);
}
