import type { QueryClient } from '@tanstack/react-query'

/** A change of users or invitations also changes the guild's member count (the guild page). */
export function invalidateMembers(queryClient: QueryClient) {
  for (const topic of ['members', 'guild']) void queryClient.invalidateQueries({ queryKey: [topic] })
}
