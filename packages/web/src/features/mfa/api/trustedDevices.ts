import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { trustedDevicesResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/queryClient';

/** GET /api/mfa/trusted-devices: devices that skip MFA at login (30 days from trusting). */
export const trustedDevicesQuery = queryOptions({
  queryKey: ['mfa', 'trusted-devices'] as const,
  queryFn: ({ signal }) =>
    apiRequest('/mfa/trusted-devices', { schema: trustedDevicesResponseSchema, signal }).then((a) => a.data),
  staleTime: 0,
});

export function useTrustedDevices() {
  return useQuery(trustedDevicesQuery);
}

/** DELETE /api/mfa/trusted-devices/{id}: that device asks for MFA again at its next login. */
export function useRevokeTrustedDevice() {
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/mfa/trusted-devices/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trustedDevicesQuery.queryKey }),
  });
}
