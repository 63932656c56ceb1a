import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type { Me } from '@contract/accounts'
import type { Language } from '@contract/enums'
import { ApiError, api, errorCode } from './api-client'

// The signed-in user as the whole app sees it: GET /api/v1/me, read once and shared by every screen.

export async function getMe(): Promise<Me> {
  return api<Me>('/me')
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: getMe,
    staleTime: 60_000,
    // 401 and 403 are answers, not hiccups: the shell acts on them at once.
    retry: (count, error) => !(error instanceof ApiError) && count < 2,
  })

/** The user, profile, guild and subscription of this session (undefined while loading). */
export function useMe() {
  return useQuery(meQueryOptions())
}

/** True when the session is gone (never signed in, signed out, or revoked). */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

export function isDeactivatedError(error: unknown): boolean {
  return errorCode(error) === 'ACCOUNT_DEACTIVATED'
}

/** Saves the interface language on the profile (the toggle in the top bar and the settings screen). */
export async function saveProfileLanguage(queryClient: QueryClient, language: Language) {
  await api('/me/profile', { method: 'PATCH', body: { language } })
  queryClient.setQueryData<Me>(['me'], (me) =>
    me?.profile ? { ...me, profile: { ...me.profile, language } } : me,
  )
}

/** Ends the session on the server, then forgets everything this browser knew about the user. */
export async function signOut(queryClient: QueryClient) {
  try {
    await fetch('/api/v1/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  } finally {
    await forgetSession(queryClient)
  }
}

/** The browser's side of a session that ended: what was read with it goes (a deleted account's, too). */
export async function forgetSession(queryClient: QueryClient) {
  // Cancel first so no in-flight request lands in the emptied cache.
  await queryClient.cancelQueries()
  queryClient.clear()
}
