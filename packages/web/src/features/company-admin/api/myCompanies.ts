import { useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../../lib/api';

const adminMeSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/admin')).adminMeSchema,
);

/** GET /api/admin/me (the console's own query, shared cache): the companies this admin holds. */
export function useMyCompanies() {
  const me = useQuery({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => apiRequest('/admin/me', { schema: adminMeSchema, signal }),
    retry: false,
    staleTime: 60_000,
  });
  const companies = (me.data?.grants ?? [])
    .filter((grant) => grant.role === 'company-admin' && grant.company_id !== null)
    .map((grant) => grant.company_id as number);
  return { ...me, companies };
}
