// The release's start script sets SERVER_ENV through a POSIX shell (scripts/package.mjs): each
// setting applies unless the operator's environment already has one.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_ENV_SHELL } from './server-flags.mjs';

const names = Object.keys(SERVER_ENV);
/** @param {Record<string, string>} env */
function environmentSeen(env) {
  const printed = spawnSync(
    'sh',
    ['-c', `${SERVER_ENV_SHELL} node -e 'console.log(JSON.stringify(process.env))'`],
    { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' },
  );
  const seen = JSON.parse(printed.stdout);
  return Object.fromEntries(names.map((name) => [name, seen[name]]));
}

describe('SERVER_ENV_SHELL', () => {
  it('sets each setting of SERVER_ENV', () => {
    expect(names.length).toBeGreaterThan(0);
    expect(environmentSeen({})).toEqual(SERVER_ENV);
  });

  it("keeps the operator's own value", () => {
    const own = Object.fromEntries(names.map((name) => [name, '7']));
    expect(environmentSeen(own)).toEqual(own);
  });
});
