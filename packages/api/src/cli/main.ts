import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { configureMessageBrands } from '../delivery/messages/brand';
import { holdsSealedValues, openKeyring } from '../operations/keyring';
import { resolveEncryptionKeys } from '../security/encryption-key';
import { createSecretBox } from '../security/secret-box';
import { adminFile } from './admin-endpoint';
import { runAdminCommand, USAGE } from './commands';
import { runAndExit } from './exit';

/** Sends the command to the running server that holds the embedded database, if there is one. */
async function runRemotely(dataDir: string, argv: string[]): Promise<number | undefined> {
  const file = adminFile(dataDir);
  if (!existsSync(file)) return undefined;
  const { port, token } = JSON.parse(readFileSync(file, 'utf8')) as { port: number; token: string };
  try {
    const response = await fetch(`http://127.0.0.1:${port}/admin/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': token },
      body: JSON.stringify({ argv }),
    });
    if (!response.ok) throw new Error(`the running server refused the command (${response.status})`);
    const result = (await response.json()) as { code: number; output: string };
    if (result.output) console.log(result.output);
    return result.code;
  } catch (error) {
    if (error instanceof TypeError) return undefined; // nobody listens: a stale file from a crash
    throw error;
  }
}

/** `npm run admin -- …`: admin commands against the configured database. */
async function main(argv: string[]) {
  if (!argv[0] || argv[0] === 'help' || argv[0] === '--help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  configureMessageBrands(config.messageOperator);
  if (!config.databaseUrl) {
    const remote = await runRemotely(config.dataDir, argv);
    if (remote !== undefined) return remote;
    mkdirSync(`${config.dataDir}/pglite`, { recursive: true });
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    timeouts: config.databaseTimeouts,
  });
  try {
    await migrate(database.db);
    // Without ENCRYPTION_KEY the key is the one the server keeps in DATA_DIR (outside production);
    // a new one only for a database that holds nothing sealed yet, and never a wrong one.
    if (!config.encryptionKeys) mkdirSync(config.dataDir, { recursive: true });
    const create = !(await holdsSealedValues(database.db));
    const secrets = createSecretBox(await resolveEncryptionKeys(config, { create }));
    await openKeyring(database.db, secrets, { record: false });
    return await runAdminCommand(database.db, argv, (line) => console.log(line), secrets, config);
  } finally {
    await database.close();
  }
}

runAndExit(main);
