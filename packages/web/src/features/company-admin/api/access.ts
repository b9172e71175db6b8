import { accessResponseSchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

/** POST /api/admin/companies/:id/people/:person/suspend|restore {reason}. */
export function changeAccess(
  companyId: number,
  personId: number,
  action: 'suspend' | 'restore',
  reason: string,
) {
  return apiRequest(`/admin/companies/${companyId}/people/${personId}/${action}`, {
    method: 'POST',
    json: { reason },
    schema: accessResponseSchema,
  });
}
