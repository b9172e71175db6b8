import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@vestibule/contract/schemas/profile';
import { userResponseSchema } from '@vestibule/contract/schemas/user';
import { apiRequest } from '../../../lib/api';
import { versioned } from '../../../lib/profileVersion';
import { cacheAccount } from '../../../lib/storage';
import { userQuery } from '../../../lib/user';

/** PATCH /api/user: names, gender, birth date, language, on the version of the user read. */
export function updateProfile(body: UpdateProfileRequest) {
  return apiRequest('/user', { method: 'PATCH', json: body, schema: userResponseSchema, ...versioned() });
}

/** Every profile change answers the user: the shared cache takes it at once. */
export function useSetUser() {
  const queryClient = useQueryClient();
  return (data: Awaited<ReturnType<typeof updateProfile>>['data']) => {
    queryClient.setQueryData(userQuery.queryKey, data);
    cacheAccount(data);
  };
}

export function useUpdateProfile() {
  const setUser = useSetUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: ({ data }) => setUser(data) });
}
