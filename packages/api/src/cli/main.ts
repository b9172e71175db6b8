import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { isMaintenanceOn, setMaintenance } from '../flows/maintenance/maintenance';
import { printInbox } from './inbox';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  maintenance on|off|status   switch the maintenance page on or off (all instances, within 2 s)
  inbox [--to ADDRESS]        print the newest messages of the dev inbox
`;

/** Admin commands against the configured database (DATA_DIR or DATABASE_URL). */
async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.databaseUrl) mkdirSync(`${config.dataDir}/pglite`, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  try {
    await migrate(database.db);
    switch (command) {
      case 'maintenance': {
        const mode = args[0] ?? 'status';
        if (mode === 'on' || mode === 'off') await setMaintenance(database.db, mode === 'on');
        else if (mode !== 'status') break;
        console.log(`Maintenance is ${(await isMaintenanceOn(database.db)) ? 'on' : 'off'}.`);
        return 0;
      }
      case 'inbox': {
        const toIndex = args.indexOf('--to');
        await printInbox(database.db, { to: toIndex >= 0 ? args[toIndex + 1] : undefined });
        return 0;
      }
    }
    console.error(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
    return 2;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
