import type { Db } from '../db/database';
import { type DestinationPolicy, WebhookDestinationError } from '../delivery/webhooks/destination';
import { WEBHOOK_EVENT_TYPES } from '../delivery/webhooks/events';
import {
  createSubscription,
  deliveryLog,
  listSubscriptions,
  removeSubscription,
  replayDelivery,
  rotateSubscriptionSecret,
  setSubscriptionEnabled,
  WebhookSubscriptionError,
} from '../delivery/webhooks/subscriptions';
import { option, positiveId, type Write } from '../operations/command-line';
import type { SecretBox } from '../security/secret-box';

export const WEBHOOKS_USAGE = `  webhooks add --url URL --events "user.updated iban.changed …" [--edition general|lu] [--description …]
                                                      subscribe (Standard Webhooks; the secret is printed once)
  webhooks list                                       subscriptions, enabled or why not
  webhooks rotate-secret ID                           a new secret; the old one signs too for 24 hours
  webhooks enable|disable|remove ID
  webhooks deliveries ID                              the delivery log (status, attempts, durations)
  webhooks replay DELIVERY_ID [--force]               send a failed (or, with --force, a delivered) event again
  webhooks events                                     the event types
`;

async function run(
  db: Db,
  argv: readonly string[],
  write: Write,
  secrets: SecretBox,
  policy: DestinationPolicy,
): Promise<number> {
  const [, action, target] = argv;
  const id = positiveId(target);
  switch (action) {
    case 'add': {
      const url = option(argv, '--url');
      const events = (option(argv, '--events') ?? '').split(/[\s,]+/).filter(Boolean);
      const edition = option(argv, '--edition');
      if (!url || (edition && edition !== 'general' && edition !== 'lu')) break;
      const created = await createSubscription(db, secrets, policy, {
        url,
        events,
        edition: (edition as 'general' | 'lu' | undefined) ?? null,
        description: option(argv, '--description'),
      });
      write(`Subscription ${created.id} created. Its secret, shown once: ${created.secret}`);
      return 0;
    }
    case 'list': {
      for (const row of await listSubscriptions(db)) {
        write(
          `${row.id}  ${row.enabled ? 'enabled ' : 'disabled'}  ${row.url}  ${row.edition ?? 'both editions'}  ${row.event_types.join(' ')}${row.disabled_reason ? `  (${row.disabled_reason})` : ''}`,
        );
      }
      return 0;
    }
    case 'rotate-secret': {
      if (id === undefined) break;
      write(
        `New secret of subscription ${id}, shown once: ${await rotateSubscriptionSecret(db, secrets, id)}`,
      );
      write('The previous secret also signs for the next 24 hours.');
      return 0;
    }
    case 'enable':
    case 'disable': {
      if (id === undefined) break;
      await setSubscriptionEnabled(db, id, action === 'enable');
      write(`Subscription ${id} ${action}d.`);
      return 0;
    }
    case 'remove': {
      if (id === undefined) break;
      await removeSubscription(db, id);
      write(`Subscription ${id} removed with its delivery log.`);
      return 0;
    }
    case 'deliveries': {
      if (id === undefined) break;
      for (const delivery of await deliveryLog(db, id)) {
        write(
          `${delivery.id}  ${delivery.event_type}  ${delivery.status}  ${delivery.attempts} attempt(s)  ${delivery.message_id}`,
        );
        for (const attempt of delivery.log) {
          write(
            `    ${attempt.attempted_at.toISOString()}  ${attempt.status_code ?? '-'}  ${attempt.duration_ms} ms${attempt.error ? `  ${attempt.error}` : ''}`,
          );
        }
      }
      return 0;
    }
    case 'replay': {
      if (id === undefined) break;
      write(`Delivery ${await replayDelivery(db, id, { force: argv.includes('--force') })} queued.`);
      return 0;
    }
    case 'events': {
      write(WEBHOOK_EVENT_TYPES.join('\n'));
      return 0;
    }
  }
  write(`Usage:\n${WEBHOOKS_USAGE}`);
  return 2;
}

/** Webhook subscriptions; answers undefined when argv is not a `webhooks` command. */
export async function runWebhooksCommand(
  db: Db,
  argv: readonly string[],
  write: Write,
  secrets: SecretBox,
  policy: DestinationPolicy,
): Promise<number | undefined> {
  if (argv[0] !== 'webhooks') return undefined;
  try {
    return await run(db, argv, write, secrets, policy);
  } catch (error) {
    if (error instanceof WebhookSubscriptionError || error instanceof WebhookDestinationError) {
      write(`Refused: ${error.message}.`);
      return 1;
    }
    throw error;
  }
}
