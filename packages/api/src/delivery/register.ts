import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error';
import { registerDevInboxRoutes } from './dev-inbox.routes';
import { selectTransports } from './transports/select';
import { createTwilioSmsTransport } from './transports/sms-twilio';
import { WebhookWorker } from './webhooks/worker';
import { OutboxWorker } from './worker';

const workers = new WeakMap<FastifyInstance, OutboxWorker>();

/** The outbox worker of this app, e.g. to `notify()` it right after a transaction commits. */
export function outboxWorkerOf(app: FastifyInstance): OutboxWorker | undefined {
  return workers.get(app);
}

/**
 * Message delivery (DESIGN §5): the outbox worker runs from ready to close (close flushes the
 * batch in flight), and the dev inbox routes exist only when the dev inbox is on.
 */
export async function registerDelivery(
  app: FastifyInstance,
  options: { startWorker?: boolean } = {},
): Promise<void> {
  const { config, db, log } = app.ctx;
  const worker = new OutboxWorker({
    db,
    transports: selectTransports({
      smtpUrl: config.smtpUrl,
      smtpConnections: config.outboxConcurrency,
      mailFrom: config.mailFrom,
      devInbox: config.devInbox,
      sms: config.sms ? createTwilioSmsTransport(config.sms) : undefined,
    }),
    secrets: app.ctx.secrets,
    keepDeliveredBodies: config.devInbox,
    concurrency: config.outboxConcurrency,
    log: log.child({ component: 'outbox' }),
  });
  workers.set(app, worker);
  const webhooks = new WebhookWorker({
    db,
    secrets: app.ctx.secrets,
    policy: config.webhookPolicy,
    log: log.child({ component: 'webhooks' }),
  });
  // Route tests on a shared database leave the workers off so they never touch other tests' rows.
  if (options.startWorker !== false) {
    app.addHook('onReady', async () => {
      worker.start();
      webhooks.start();
    });
    // Half the shutdown budget for the batch in flight; what has not started by then is released.
    app.addHook('onClose', async () => {
      await Promise.all([worker.stop({ timeoutMs: config.shutdownTimeoutMs / 2 }), webhooks.stop()]);
    });
  }
  if (config.devInbox) registerDevInboxRoutes(app);
  // Explicitly absent, so the SPA fallback never answers for them either.
  else {
    app.all('/dev/*', async () => {
      throw new ApiError('not_found');
    });
  }
}
