import { useQuery } from '@tanstack/react-query';
import { adoptionResponseSchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

/** GET /api/admin/companies/:id/mfa-adoption: members and MFA day by day, by method. */
export function useAdoption(companyId: number) {
  return useQuery({
    queryKey: ['company-admin', companyId, 'adoption'],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/companies/${companyId}/mfa-adoption`, { schema: adoptionResponseSchema, signal }),
    staleTime: 0,
  });
}
