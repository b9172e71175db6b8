import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api';

const adminMeSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/admin')).adminMeSchema,
);

/** GET /api/admin/me: the staff member at the desk, their roles and what they may open. */
export function useAdminMe() {
  return useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => apiRequest('/admin/me', { schema: adminMeSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
}
