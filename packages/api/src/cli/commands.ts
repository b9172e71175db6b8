import type { Config } from '../config';
import type { Db } from '../db/database';
import { isMaintenanceOn, setMaintenance } from '../db/maintenance';
import { OAUTH_USAGE, runOAuthCommand } from '../flows/oauth/index';
import { ONBOARDING_USAGE, runOnboardingCommand } from '../flows/onboarding/index';
import { runScimCommand, SCIM_USAGE } from '../flows/scim/index';
import { option, type Write } from '../operations/command-line';
import type { SecretBox } from '../security/secret-box';
import { CLOSURE_USAGE, runClosuresCommand } from './closure.command';
import { printInbox } from './inbox';
import { KEYS_USAGE, runKeysCommand } from './keys.command';
import { runStaffCommand, STAFF_USAGE } from './staff.command';
import { runTraceCommand, TRACE_USAGE } from './trace.command';
import { runUsersCommand, USERS_USAGE } from './users.command';
import { runWebhooksCommand, WEBHOOKS_USAGE } from './webhooks.command';

export const USAGE = `Usage: npm run admin -- <command>

Commands:
  maintenance on|off|status   switch the maintenance page on or off (all instances, within 2 s)
  inbox [--to ADDRESS]        print the newest messages of the dev inbox
${USERS_USAGE}${CLOSURE_USAGE}${TRACE_USAGE}${STAFF_USAGE}${OAUTH_USAGE}${ONBOARDING_USAGE}${WEBHOOKS_USAGE}${SCIM_USAGE}${KEYS_USAGE}`;

/**
 * Runs one admin command against a database and answers its exit code. The CLI calls it directly,
 * or, when the embedded database is held by a running server, through that server's admin
 * endpoint (admin-endpoint.ts), so both paths run the same code.
 */
export async function runAdminCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  secrets: SecretBox,
  context: Pick<Config, 'production' | 'webhookPolicy' | 'publicUrls' | 'closureGraceDays'>,
): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'maintenance': {
      const mode = args[0] ?? 'status';
      if (mode !== 'on' && mode !== 'off' && mode !== 'status') break;
      if (mode !== 'status') await setMaintenance(db, mode === 'on');
      write(`Maintenance is ${(await isMaintenanceOn(db)) ? 'on' : 'off'}.`);
      return 0;
    }
    case 'inbox': {
      // Pending one-time codes and full recipients are for a developer's machine only.
      if (context.production) {
        write('The inbox command is refused in production: it prints one-time codes and full recipients.');
        return 2;
      }
      await printInbox(db, secrets, { to: option(args, '--to') }, write);
      return 0;
    }
  }
  const users = await runUsersCommand(db, argv, write, { secrets, config: context });
  if (users !== undefined) return users;
  const closures = await runClosuresCommand(db, argv, write, context);
  if (closures !== undefined) return closures;
  const trace = await runTraceCommand(db, argv, write, secrets);
  if (trace !== undefined) return trace;
  const staff = await runStaffCommand(db, argv, write, { secrets, config: context });
  if (staff !== undefined) return staff;
  const oauth = await runOAuthCommand(db, argv, write, secrets);
  if (oauth !== undefined) return oauth;
  const onboarding = await runOnboardingCommand(db, argv, write, secrets);
  if (onboarding !== undefined) return onboarding;
  const webhooks = await runWebhooksCommand(db, argv, write, secrets, context.webhookPolicy);
  if (webhooks !== undefined) return webhooks;
  const scim = await runScimCommand(db, argv, write);
  if (scim !== undefined) return scim;
  const keys = await runKeysCommand(db, argv, write, secrets);
  if (keys !== undefined) return keys;
  write(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}
