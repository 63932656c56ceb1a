import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Me, ProfilePatch } from '@contract/accounts'
import { api } from '@web/lib/api-client'
import { meQueryOptions } from '@web/lib/session'

type Profile = NonNullable<Me['profile']>

export function updateProfile(patch: ProfilePatch) {
  return api<Profile>('/me/profile', { method: 'PATCH', body: patch })
}

export function useUpdateProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(meQueryOptions().queryKey, (me) =>
        me ? { ...me, user: { ...me.user, name: profile.displayName }, profile } : me,
      )
    },
  })
}
