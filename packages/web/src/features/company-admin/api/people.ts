import { useInfiniteQuery } from '@tanstack/react-query';
import { companyPeopleResponseSchema } from '@vestibule/contract/schemas/company-admin';
import { apiRequest } from '../../../lib/api';

export interface PeopleFilters {
  q: string;
  status: 'all' | 'active' | 'suspended';
  mfa: 'all' | 'with' | 'without';
}

/** GET /api/admin/companies/:id/people: the company's people, a page at a time. */
export function useCompanyPeople(companyId: number, filters: PeopleFilters) {
  return useInfiniteQuery({
    queryKey: ['company-admin', companyId, 'people', filters],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ status: filters.status, mfa: filters.mfa, limit: '25' });
      if (filters.q.trim()) search.set('q', filters.q.trim());
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/admin/companies/${companyId}/people?${search}`, {
        schema: companyPeopleResponseSchema,
        signal,
      });
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
}
