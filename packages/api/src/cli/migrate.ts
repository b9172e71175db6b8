import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { runAndExit } from './exit';
import { MIGRATE_USAGE, runMigrate } from './migrate.command';

/** `npm run migrate` and the release's `npm run migrate`: once per release, before the servers. */
async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(MIGRATE_USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(`${config.dataDir}/pglite`, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: 1,
  });
  try {
    return await runMigrate(database.db, argv, (line) => console.log(line));
  } finally {
    await database.close();
  }
}

runAndExit(main);
