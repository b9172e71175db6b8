import { migrate, pendingMigrations } from '../db/migrate';

export const MIGRATE_USAGE = `Usage: npm run migrate [-- --dry-run]

Applies the pending migrations to the configured database (DATABASE_URL, else the embedded one in
DATA_DIR) under the migration lock, in one transaction; --dry-run lists them and applies nothing.`;

/** Runs `migrate [--dry-run]` on a database, writing what it did; answers the exit code. */
export async function runMigrate(
  db: Parameters<typeof migrate>[0],
  argv: readonly string[],
  write: (line: string) => void,
): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--dry-run');
  if (unknown.length) {
    write(`Unknown argument: ${unknown.join(' ')}\n\n${MIGRATE_USAGE}`);
    return 2;
  }
  if (argv.includes('--dry-run')) {
    const pending = await pendingMigrations(db);
    write(
      pending.length
        ? `Pending migrations:\n${pending.map((name) => `  ${name}`).join('\n')}`
        : 'No pending migrations.',
    );
    return 0;
  }
  const applied = await migrate(db);
  write(
    applied.length ? `Applied:\n${applied.map((name) => `  ${name}`).join('\n')}` : 'No pending migrations.',
  );
  return 0;
}
