import type { RouteObject } from 'react-router';

// The operator's webhooks screens (decision 0075 through the admin API), each a lazy chunk.

export const WEBHOOKS_PATH = '/admin/webhooks';

export const adminWebhooksRoutes: RouteObject[] = [
  {
    path: WEBHOOKS_PATH,
    lazy: async () => ({ Component: (await import('./routes/WebhooksRoute')).WebhooksRoute }),
  },
  {
    path: `${WEBHOOKS_PATH}/:id`,
    lazy: async () => ({ Component: (await import('./routes/DeliveriesRoute')).DeliveriesRoute }),
  },
];
