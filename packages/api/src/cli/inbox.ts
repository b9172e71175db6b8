import type { Db } from '../db/database';
import { listInboxMessages } from '../delivery/inbox.queries';
import type { SecretBox } from '../security/secret-box';

const DEFAULT_CLI_LIMIT = 20;

/**
 * `npm run admin -- inbox [--to ADDRESS]`: the newest messages of the outbox, newest last so the
 * latest code sits just above the prompt. Prints full content: this is the dev inbox in a terminal.
 */
export async function printInbox(
  db: Db,
  secrets: SecretBox,
  options: { to?: string | undefined; limit?: number | undefined } = {},
  write: (line: string) => void = console.log,
): Promise<void> {
  const messages = await listInboxMessages(db, secrets, {
    to: options.to,
    limit: options.limit ?? DEFAULT_CLI_LIMIT,
  });
  if (messages.length === 0) {
    write(options.to ? `No messages to ${options.to}.` : 'No messages yet.');
    return;
  }
  for (const message of messages.reverse()) {
    const when = message.createdAt.replace('T', ' ').slice(0, 19);
    write(
      `#${message.id}  ${when} UTC  ${message.channel}  ${message.edition}  to ${message.recipient}  [${message.status}]`,
    );
    if (message.subject) write(`  Subject: ${message.subject}`);
    // The text part: what a reader without HTML sees; the HTML part is on the dev inbox page.
    for (const line of message.bodyText.split('\n')) write(`  ${line}`);
    if (message.hasHtml) write(`  (HTML part: /dev/inbox/${message.id}.html)`);
    write('');
  }
}
