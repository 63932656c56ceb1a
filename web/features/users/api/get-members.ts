import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MembersPage } from '@contract/members'
import { api } from '@web/lib/api-client'

/** Members, pending and accepted invitations and the invite slots, in one call (admins, Pro). */
export const getMembers = () => api<MembersPage>('/members')

// The 'members' realtime topic refetches this key when anyone changes the guild's users.
export const membersQueryOptions = () => queryOptions({ queryKey: ['members'], queryFn: getMembers })

export function useMembers(enabled: boolean) {
  return useQuery({ ...membersQueryOptions(), enabled })
}
