import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InviteLookup } from '@contract/members'
import { api } from '@web/lib/api-client'

/** GET /invitations/lookup/{token} (anonymous): the e-mail, display name and guild of a usable invite. */
export const lookupInvite = (token: string) =>
  api<InviteLookup>(`/invitations/lookup/${encodeURIComponent(token)}`)

export const inviteLookupQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => lookupInvite(token),
    // An unknown, used or expired invite is an answer, not a hiccup; a network failure offers a retry.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })

export function useInviteLookup(token: string) {
  return useQuery(inviteLookupQueryOptions(token))
}
