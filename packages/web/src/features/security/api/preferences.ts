import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Preferences, preferencesResponseSchema } from '@vestibule/contract/schemas/preferences';
import { ApiError, apiRequest } from '../../../lib/api';

// The optional messages, changed on the version read (If-Match, decision 0071): a 412
// preferences_changed carries the current choices, which the screen shows instead.

const KEY = ['preferences'];
let version: string | undefined;
const remember = (etag: string) => {
  version = etag;
};

export function usePreferences() {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/user/preferences', {
          schema: preferencesResponseSchema,
          signal,
          onVersion: remember,
        })
      ).data,
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: Preferences) =>
      (
        await apiRequest('/user/preferences', {
          method: 'PUT',
          json: preferences,
          schema: preferencesResponseSchema,
          ifMatch: version,
          onVersion: remember,
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(KEY, saved),
    onError: (error) => {
      const current = changedElsewhere(error);
      if (current) client.setQueryData(KEY, current);
    },
  });
}

/** The current choices a 412 preferences_changed carries, else undefined. */
export function changedElsewhere(error: unknown): Preferences | undefined {
  if (!(error instanceof ApiError) || error.code !== 'preferences_changed') return undefined;
  const data = (error.body as { data?: Preferences } | null)?.data;
  return data && typeof data.new_device_alert === 'boolean' ? data : undefined;
}
