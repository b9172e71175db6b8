import type { Transporter } from 'nodemailer';
import type { OutboxMessage } from '../message';
import { PermanentDeliveryError, type Transport } from './transport';

export interface SmtpOptions {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  /** Sender, e.g. `Vestibule <no-reply@example.com>`, or one per edition id (the general one first). */
  from: string | Readonly<Record<string, string>>;
  /** Connections nodemailer's pool keeps open: as many as the outbox sends at once. */
  maxConnections?: number;
}

/**
 * The Message-ID of an outbox row: the same for every attempt at that row, so that a message sent
 * again after a crash (the relay accepted it, the process died before marking the row sent: the
 * outbox delivers at least once) is the same message to the receiving side, which can drop the
 * copy. The row's creation time keeps ids of different databases apart.
 */
export function outboxMessageId(message: Pick<OutboxMessage, 'id' | 'created_at'>, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'vestibule.invalid';
  return `<outbox.${message.id}.${new Date(message.created_at).getTime()}@${domain}>`;
}

/** The sender of a message's edition; the general edition's (or the only one) otherwise. */
export function senderOf(from: SmtpOptions['from'], edition: string): string {
  if (typeof from === 'string') return from;
  return from[edition] ?? from.general ?? Object.values(from)[0] ?? 'Vestibule <no-reply@vestibule.invalid>';
}

/**
 * E-mail through one SMTP relay with nodemailer, each message from its edition's sender.
 * nodemailer (5 MB of heap) loads with the first message, not at start (decision 0059).
 */
export function createSmtpTransport(options: SmtpOptions): Transport {
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        // Kept-open connections instead of a connect and greeting per e-mail (docs/performance.md:
        // one message at a time over a new connection was the outbox's bottleneck). The worker
        // closes them when it stops.
        pool: true,
        maxConnections: options.maxConnections ?? 2,
        maxMessages: 1000,
        // Fail fast so a dead relay does not hold a claimed batch past its lease; the worker retries.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    name: 'smtp',
    async send(message: OutboxMessage) {
      try {
        const from = senderOf(options.from, message.edition);
        await (await connect()).sendMail({
          from,
          messageId: outboxMessageId(message, from),
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body_text,
          ...(message.body_html ? { html: message.body_html } : {}),
        });
      } catch (error) {
        // A 5xx answer (unknown mailbox, refused sender) will be the same on every retry.
        const code = (error as { responseCode?: number }).responseCode;
        if (code && code >= 500 && code < 600) {
          throw new PermanentDeliveryError(`SMTP ${code} ${(error as Error).message}`);
        }
        throw error;
      }
    },
    // Nothing to close when no message was sent.
    close: () => void transporter?.then((connected) => connected.close()),
  };
}
