import { Route, Routes } from 'react-router';
import { DeliveriesRoute } from './DeliveriesRoute';
import { WebhooksRoute } from './WebhooksRoute';

/** /admin/webhooks/*: the subscriptions, and each one's delivery log. */
export function WebhooksArea() {
  return (
    <Routes>
      <Route index element={<WebhooksRoute />} />
      <Route path=":id" element={<DeliveriesRoute />} />
    </Routes>
  );
}
