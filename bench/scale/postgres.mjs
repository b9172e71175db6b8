// The scale bench's own PostgreSQL: Debian's binaries run as the postgres user, a data directory
// kept between runs (the datasets take minutes to build), a free port, and the production settings
// of deploy/postgresql/vestibule.conf — not the machine's shared server with its 128 MB cache.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT } from '../processes.mjs';

const BIN_ROOT = '/usr/lib/postgresql';
export const SETTINGS_FILE = 'deploy/postgresql/vestibule.conf';

/** Debian's newest PostgreSQL bin directory, or undefined. */
function binDir() {
  if (!existsSync(BIN_ROOT)) return undefined;
  const versions = readdirSync(BIN_ROOT)
    .filter((name) => existsSync(join(BIN_ROOT, name, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(BIN_ROOT, versions[0], 'bin') : undefined;
}

/** Whether this machine can run one: Debian's binaries, and root to run them as postgres. */
export function canRunOwnPostgres() {
  return Boolean(binDir()) && process.getuid?.() === 0;
}

/** `key = value` lines of the settings file, comments and blanks left out. */
export function productionSettings() {
  return readFileSync(join(ROOT, SETTINGS_FILE), 'utf8')
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean)
    .map((line) => {
      const [key, value] = line.split('=').map((part) => part.trim());
      return /** @type {[string, string]} */ ([key, value]);
    });
}

const asPostgres = (command, args) =>
  execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' });

/**
 * Starts the bench's server (creating its cluster on first use) and answers its URL (no database
 * name) and a stop function.
 */
export async function startScalePostgres(log) {
  const bin = /** @type {string} */ (binDir());
  // Outside the home directory, which the postgres user may not enter.
  const root = process.env.SCALE_PG_DIR ?? '/var/tmp/vestibule-scale-postgres';
  const dataDir = join(root, bin.split('/').at(-2) ?? 'data');
  mkdirSync(root, { recursive: true });
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(root, uid, gid);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`creating the bench's PostgreSQL cluster in ${dataDir}`);
    asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
  }
  const pgCtl = (...args) => asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  if (existsSync(join(dataDir, 'postmaster.pid'))) pgCtl('-m', 'fast', '-w', 'stop'); // an earlier run cut short
  const port = await freePort();
  const settings = productionSettings().map(([key, value]) => `-c ${key}=${value}`);
  const options = [`-p ${port}`, `-k ${root}`, '-c listen_addresses=127.0.0.1', ...settings].join(' ');
  pgCtl('-l', join(root, 'server.log'), '-o', options, '-t', '300', '-w', 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    settings: Object.fromEntries(productionSettings()),
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
  };
}
