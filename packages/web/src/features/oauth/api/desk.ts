import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api';

/**
 * Whether the signed-in account has a seat at the administration desk (a staff role or its
 * company's admin): GET /api/admin/me answers it, 403 `forbidden` for everybody else. A staff
 * member who has not yet added an authenticator or passkey still has a seat (the desk asks for one).
 */
export function useHasDeskSeat(signedIn: boolean) {
  return useQuery({
    queryKey: ['partner', 'desk-seat'],
    queryFn: async ({ signal }) => {
      try {
        await apiRequest('/admin/me', { signal, quiet: true });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'staff_mfa_required') return true;
        if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return false;
        throw error;
      }
    },
    enabled: signedIn,
    retry: false,
    staleTime: 60_000,
  });
}
