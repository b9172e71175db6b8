import type { Channel } from '../message';
import { createDevInboxTransport } from './dev-inbox';
import { createSmtpTransport } from './smtp';
import type { Transport } from './transport';

export type Transports = Partial<Record<Channel, Transport>>;

export interface TransportSettings {
  smtpUrl?: string | undefined;
  /** SMTP connections kept open (the outbox's concurrency). */
  smtpConnections?: number;
  /** One sender, or one per edition (config.mailFrom: MAIL_FROM, MAIL_FROM_LU). */
  mailFrom: string | Readonly<Record<string, string>>;
  devInbox: boolean;
  /** SMS over HTTP (provider adapter), when configured. */
  sms?: Transport | undefined;
}

/**
 * One transport per channel: the configured one, else the dev inbox when it is on. A channel
 * left without a transport makes its messages fail with a clear last_error.
 */
export function selectTransports(settings: TransportSettings): Transports {
  const devInbox = settings.devInbox ? createDevInboxTransport() : undefined;
  const email = settings.smtpUrl
    ? createSmtpTransport({
        url: settings.smtpUrl,
        from: settings.mailFrom,
        ...(settings.smtpConnections ? { maxConnections: settings.smtpConnections } : {}),
      })
    : devInbox;
  const sms = settings.sms ?? devInbox;
  return { ...(email ? { email } : {}), ...(sms ? { sms } : {}) };
}
