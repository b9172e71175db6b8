import { createServer } from 'node:net';
import { sql } from 'kysely';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

/**
 * A database of the worker tests' own, so no other test app's worker claims their rows:
 * PostgreSQL in a schema of its own when TEST_DATABASE_URL is set, else an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { reopen(): Promise<DatabaseHandle> }> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const schema = databaseUrl
    ? `vestibule_test_delivery_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    : undefined;
  const handle = await openDatabase({ databaseUrl, schema });
  await migrate(handle.db);
  return {
    ...handle,
    // A second pool on the same database, as a second instance would have (PGlite has only one).
    reopen: async () =>
      databaseUrl ? openDatabase({ databaseUrl, schema }) : { ...handle, close: async () => {} },
    async close() {
      if (schema) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(handle.db);
      await handle.close();
    },
  };
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts. It counts the connections
 * open at once; `dataDelayMs` holds each message before accepting it, `refuse` answers a message's
 * DATA with a temporary 451.
 */
export async function startSmtpServer(
  port = 0,
  options: { dataDelayMs?: number; refuse?: (raw: string) => boolean } = {},
) {
  const received: ReceivedMail[] = [];
  const connections = { open: 0, peak: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.open += 1;
      connections.peak = Math.max(connections.peak, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const answer = () => {
          if (options.refuse?.(raw)) {
            callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
          callback();
        };
        if (options.dataDelayMs) setTimeout(answer, options.dataDelayMs);
        else answer();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (for now). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A pino logger whose JSON lines the test can read. */
export function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines };
}
