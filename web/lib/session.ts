import { type QueryClient, queryOptions, useMutationState, useQuery } from '@tanstack/react-query'
import type { NavigateFunction } from 'react-router'
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

/** Ends the session on the server, then leaves the signed-in app for `to`. */
export async function signOut(queryClient: QueryClient, navigate: NavigateFunction, to: string) {
  try {
    await fetch('/api/v1/auth/sign-out', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  } finally {
    await leaveSignedIn(queryClient, navigate, to)
  }
}

/**
 * The browser's side of a session that ended (signed out, or the account deleted): go to `to`, then forget
 * what was read with it. In that order: while the dashboard is still mounted, emptying the cache makes its
 * screens ask again, with a session that now only answers 401.
 */
export async function leaveSignedIn(queryClient: QueryClient, navigate: NavigateFunction, to: string) {
  await navigate(to, { replace: true })
  // Cancel first so no in-flight request lands in the emptied cache.
  await queryClient.cancelQueries()
  queryClient.clear()
}

/** The key of a mutation that ends this browser's session on purpose (deleting the account). */
export const SESSION_END_KEY = ['session-end'] as const

const endingFilters = {
  mutationKey: SESSION_END_KEY,
  predicate: (mutation: { state: { status: string } }) => mutation.state.status !== 'error',
}

/**
 * True from the moment a session-ending mutation is sent until the app has left (leaveSignedIn clears it).
 * Meanwhile the server announces the change to this very session (its live stream is revoked, its requests
 * answer 401): those are expected, not a removal to report, and nothing should ask the server again.
 */
export function isSessionEnding(queryClient: QueryClient): boolean {
  return queryClient.getMutationCache().findAll(endingFilters).length > 0
}

/** isSessionEnding, re-rendering when it changes. */
export function useSessionEnding(): boolean {
  return useMutationState({ filters: endingFilters }).length > 0
}
