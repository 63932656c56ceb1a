import { queryOptions, useQuery } from '@tanstack/react-query'

type Session = { user: { id: string; email: string } } | null

/** better-auth's session probe answers 200 with null when signed out (no 401 in the console). */
export async function getSession(): Promise<Session> {
  const res = await fetch('/api/v1/auth/get-session', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  })
  if (!res.ok) return null
  return (await res.json()) as Session
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'session'], queryFn: getSession, staleTime: 0, retry: false })

export function useSession(enabled: boolean) {
  return useQuery({ ...sessionQueryOptions(), enabled })
}
