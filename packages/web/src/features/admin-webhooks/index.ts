import { lazy } from 'react';

// The operator's webhooks in the console (decision 0075 through the admin API): one lazy chunk.

/** The section page the console mounts at /admin/webhooks/*. */
export const WebhooksArea = lazy(async () => ({
  default: (await import('./routes/WebhooksArea')).WebhooksArea,
}));
