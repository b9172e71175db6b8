import { PermanentDeliveryError, type Transport } from './transport';

export interface TwilioSmsSettings {
  /** Base URL of the provider API: https://api.twilio.com, or a compatible gateway. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Sender (alphanumeric id or number) per edition id. */
  senders: Record<string, string>;
  timeoutMs?: number;
}

/**
 * SMS over HTTP with the Twilio Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form body To/From/Body, basic auth), which many gateways also speak. The worker owns retries:
 * 429 and 5xx answers and network errors are retried with backoff; other 4xx answers (invalid
 * number, refused sender) fail the message at once.
 */
export function createTwilioSmsTransport(settings: TwilioSmsSettings): Transport {
  const endpoint = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'sms-twilio',
    async send(message) {
      const from = settings.senders[message.edition] ?? Object.values(settings.senders)[0];
      if (!from) throw new PermanentDeliveryError(`no SMS sender configured for edition ${message.edition}`);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.recipient, From: from, Body: message.body_text }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      });
      if (response.ok) return;
      // The provider's error code and status only: its message may quote the recipient or body.
      const detail = (await response.json().catch(() => ({}))) as { code?: number };
      const reason = `provider answered ${response.status}${detail.code ? ` (code ${detail.code})` : ''}`;
      if (response.status === 429 || response.status >= 500) throw new Error(reason);
      throw new PermanentDeliveryError(reason);
    },
  };
}
