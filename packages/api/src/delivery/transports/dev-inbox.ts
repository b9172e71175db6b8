import type { Transport } from './transport';

/**
 * The dev inbox reads the outbox table itself (GET /dev/inbox, `npm run admin -- inbox`), so
 * delivering to it only means letting the worker mark the row as sent.
 */
export function createDevInboxTransport(): Transport {
  return {
    name: 'dev-inbox',
    async send() {},
  };
}
