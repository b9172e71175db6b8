import { Route, Routes } from 'react-router';
import { ClientFormRoute } from './ClientFormRoute';
import { ClientsRoute } from './ClientsRoute';

/** /admin/clients/*: the list, the registration form (new) and a client's edit form. */
export function ClientsArea() {
  return (
    <Routes>
      <Route index element={<ClientsRoute />} />
      <Route path=":id" element={<ClientFormRoute />} />
    </Routes>
  );
}
