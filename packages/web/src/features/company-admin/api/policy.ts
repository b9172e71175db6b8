import { useQuery } from '@tanstack/react-query';
import { type MfaPolicy, mfaPolicySchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

/** GET /api/admin/companies/:id/mfa-policy. */
export function useMfaPolicy(companyId: number) {
  return useQuery({
    queryKey: ['company-admin', companyId, 'policy'],
    queryFn: ({ signal }) =>
      apiRequest(`/admin/companies/${companyId}/mfa-policy`, { schema: mfaPolicySchema, signal }),
    staleTime: 0,
  });
}

/** PUT /api/admin/companies/:id/mfa-policy (step-up first). */
export function saveMfaPolicy(companyId: number, policy: MfaPolicy) {
  return apiRequest(`/admin/companies/${companyId}/mfa-policy`, {
    method: 'PUT',
    json: { policy },
    schema: mfaPolicySchema,
  });
}
