import { runAdminCommand } from '../../src/cli/commands';
import type { Db } from '../../src/db/database';
import { TEST_SECRETS, testConfig } from './test-app';

/** `npm run admin -- …` on a test database: its exit code and what it printed, in one text. */
export async function runAdmin(db: Db, argv: string[], config = testConfig()) {
  const lines: string[] = [];
  const code = await runAdminCommand(db, argv, (line) => lines.push(line), TEST_SECRETS, config);
  return { code, output: lines.join('\n') };
}
