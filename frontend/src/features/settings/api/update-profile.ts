import { currentUserSchema, type CurrentUser, type UpdateProfileRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { CURRENT_USER_URL } from '@/lib/session/get-current-user';

export const UPDATE_PROFILE_URL = '/api/admin/profile';

export function updateProfile(body: UpdateProfileRequest): Promise<CurrentUser> {
  return apiJson(UPDATE_PROFILE_URL, () => currentUserSchema, { method: 'PATCH', body });
}

/** The answer is the updated current user, so the session's cached user is replaced with it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData([CURRENT_USER_URL], user),
  });
}
