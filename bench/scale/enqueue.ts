// Queues the scale bench's delivery figures in a running server's database, as the product writes
// them: e-mails in the outbox with sealed bodies (delivery/sealed-body.ts), and webhook deliveries
// for a subscription made with the product's own function. `--clear` removes what it queued.
//   node --import tsx bench/scale/enqueue.ts --database D (--emails N | --webhooks N --url U | --clear)
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../../packages/api/src/db/database';
import { sealBody } from '../../packages/api/src/delivery/sealed-body';
import { createSubscription } from '../../packages/api/src/delivery/webhooks/subscriptions';
import { createSecretBox } from '../../packages/api/src/security/secret-box';
import { copyLine, emailOf } from './dataset';

const { values: options } = parseArgs({
  options: {
    database: { type: 'string' },
    emails: { type: 'string' },
    webhooks: { type: 'string' },
    url: { type: 'string' },
    accounts: { type: 'string', default: '10000' },
    clear: { type: 'boolean', default: false },
  },
});
const databaseUrl = `${process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'}/${options.database}`;
const secrets = createSecretBox(
  Buffer.from(process.env.ENCRYPTION_KEY ?? Buffer.alloc(32, 7).toString('base64'), 'base64'),
);
const PURPOSE = 'bench-scale';
const DESCRIPTION = 'bench-scale receiver';
const accounts = Number(options.accounts);

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

if (options.clear) {
  await client.query(`DELETE FROM outbox WHERE purpose = $1`, [PURPOSE]);
  await client.query(
    `DELETE FROM webhook_deliveries WHERE subscription_id IN (SELECT id FROM webhook_subscriptions WHERE description = $1)`,
    [DESCRIPTION],
  );
  await client.query(`DELETE FROM webhook_subscriptions WHERE description = $1`, [DESCRIPTION]);
}

if (options.emails) {
  const count = Number(options.emails);
  // A notice of the size the product sends (text and HTML), each body sealed on its own.
  const text = 'Hello,\n\nA new device signed in to your account. If it was not you, end that session.\n';
  const html = `<!doctype html><html><body>${'<p>A new device signed in to your account.</p>'.repeat(40)}</body></html>`;
  const stream = client.query(
    copyFrom(
      'COPY outbox (channel, edition, recipient, subject, purpose, body_text, body_html, body_sealed) FROM STDIN',
    ),
  );
  function* rows() {
    let chunk = '';
    for (let i = 0; i < count; i++) {
      const body = sealBody(secrets, { bodyText: text, bodyHtml: html });
      chunk += copyLine([
        'email',
        'general',
        emailOf(i % accounts),
        'New sign-in',
        PURPOSE,
        body.body_text,
        body.body_html,
        true,
      ]);
      if (chunk.length > 1_000_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(rows()), stream);
}

if (options.webhooks) {
  const count = Number(options.webhooks);
  const handle = await openDatabase({ databaseUrl });
  const { id } = await createSubscription(
    handle.db,
    secrets,
    { production: false, allowedHosts: [] },
    { url: options.url ?? '', events: ['password.changed'], description: DESCRIPTION },
  );
  await sql`
    INSERT INTO webhook_deliveries (message_id, subscription_id, account_id, event_type, payload)
    SELECT 'msg_bench_' || n, ${id}, 1 + n % ${accounts}, 'password.changed',
           jsonb_build_object('type', 'password.changed', 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                              'data', jsonb_build_object('account_id', 1 + n % ${accounts}, 'edition', 'general', 'reason', 'changed'))
    FROM generate_series(1, ${count}) n`.execute(handle.db);
  await handle.close();
}
await client.end();
console.log(
  JSON.stringify({
    queued: { emails: Number(options.emails ?? 0), webhooks: Number(options.webhooks ?? 0) },
  }),
);
