import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessResponseSchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

export interface AccessChange {
  personId: number;
  action: 'suspend' | 'restore';
  reason: string;
}

/** POST /api/admin/companies/:id/people/:person/suspend|restore {reason}; the people list reloads after. */
export function useChangeAccess(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, action, reason }: AccessChange) =>
      apiRequest(`/admin/companies/${companyId}/people/${personId}/${action}`, {
        method: 'POST',
        json: { reason },
        schema: accessResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['company-admin', companyId, 'people'] }),
  });
}
