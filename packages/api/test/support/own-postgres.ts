import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './compiled-server';

/**
 * A PostgreSQL server of the test's own (Debian's initdb and pg_ctl, run as the postgres user, in a
 * temporary directory on a free port), which a fault test may stop, restart, freeze and whose
 * connections it may kill: never the machine's shared server.
 */
export interface OwnPostgres {
  url: string;
  start(): void;
  /** `pg_ctl stop -m fast`: every session is ended, as in a restart or a failover. */
  stop(): void;
  /** Ends every session of the test's database (pg_terminate_backend), as an administrator may. */
  terminateConnections(): Promise<number>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server and every backend: a stalled database. */
  freeze(): void;
  thaw(): void;
  destroy(): void;
}

const BIN_ROOT = '/usr/lib/postgresql';

function binDir(): string | undefined {
  if (!existsSync(BIN_ROOT)) return undefined;
  const versions = readdirSync(BIN_ROOT)
    .filter((name) => existsSync(join(BIN_ROOT, name, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(BIN_ROOT, versions[0], 'bin') : undefined;
}

/** Whether this machine can run one: Debian's binaries, and root to run them as postgres. */
export function canRunOwnPostgres(): boolean {
  return Boolean(binDir()) && process.getuid?.() === 0;
}

function asPostgres(command: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' });
}

function signalServer(dataDir: string, signal: 'SIGSTOP' | 'SIGCONT') {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((pid) => pid > 0);
  // Thaw the postmaster last and freeze it first, so no new backend starts unfrozen meanwhile.
  const order = signal === 'SIGSTOP' ? [postmaster, ...children] : [...children, postmaster];
  for (const pid of order) signalIfAlive(pid, signal);
}

/** A backend that exited between the listing and the signal needs none. */
function signalIfAlive(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

export async function createOwnPostgres(name: string): Promise<OwnPostgres> {
  const bin = binDir() as string;
  const root = mkdtempSync(join(tmpdir(), `vestibule-pg-${name}-`));
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(root, uid, gid);
  const dataDir = join(root, 'data');
  asPostgres(join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const pgCtl = (...args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  return {
    url,
    start() {
      const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
      pgCtl('-l', join(root, 'server.log'), '-o', options, '-w', 'start');
    },
    stop() {
      pgCtl('-m', 'fast', '-w', 'stop');
    },
    async terminateConnections() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE pid <> pg_backend_pid() AND datname = current_database()`,
        );
        return rowCount ?? 0;
      } finally {
        await admin.end();
      }
    },
    freeze: () => signalServer(dataDir, 'SIGSTOP'),
    thaw: () => signalServer(dataDir, 'SIGCONT'),
    destroy() {
      try {
        if (existsSync(join(dataDir, 'postmaster.pid'))) {
          signalServer(dataDir, 'SIGCONT');
          pgCtl('-m', 'immediate', '-w', 'stop');
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
