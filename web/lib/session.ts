import {
  type QueryClient,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
} from '@tanstack/react-query'
import type { Me } from '@contract/accounts'
import type { Language } from '@contract/enums'
import { type SessionEndReason, sessionEndOfCode } from '@contract/session-end'
import { ApiError, api, errorCode } from './api-client'
import { leavePage } from './leave-page'

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

/**
 * Asks for the session as the app starts on a dashboard address: a screen there draws nothing before it
 * knows who is signed in, so the question goes out beside the screen's code and texts, not once its layout
 * has loaded and rendered (issue 45). Any other address does not need it.
 */
export function prefetchSessionFor(queryClient: QueryClient, pathname: string) {
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/'))
    void queryClient.prefetchQuery(meQueryOptions())
}

/** The user, profile, guild and subscription of this session (undefined while loading). */
export function useMe() {
  return useQuery(meQueryOptions())
}

/**
 * Where a signed-out visitor of the dashboard address `path` signs in: /auth, back to `path` afterwards, told
 * why their session ended when the server said so (`ended`).
 */
export function signInFor(path: string, ended?: SessionEndReason | null): string {
  const params = new URLSearchParams()
  if (ended) endedParams(params, ended)
  if (path !== '/dashboard') params.set('next', path)
  const query = params.toString()
  return query ? `/auth?${query}` : '/auth'
}

/**
 * The sign-in page that says why the session ended (docs/product-rules.md, "Accounts"): `message=removed`,
 * the address the specification gives every ended session, and the reason beside it when it is another.
 */
export function sessionEndedUrl(reason: SessionEndReason): string {
  return `/auth?${endedParams(new URLSearchParams(), reason)}`
}

function endedParams(params: URLSearchParams, reason: SessionEndReason) {
  params.set('message', 'removed')
  if (reason !== 'removed') params.set('reason', reason)
  return params
}

/**
 * Why the session of a refused request ended: the 401's code (contract/session-end.ts), a deactivation's
 * 403, or null when no session was sent at all (UNAUTHENTICATED) or the refusal is of another kind.
 */
export function sessionEndOf(error: unknown): SessionEndReason | null {
  if (isDeactivatedError(error)) return 'deactivated'
  return error instanceof ApiError && error.status === 401 ? sessionEndOfCode(error.code) : null
}

/**
 * A session that ended under a signed-in dashboard (not by this browser: see isSessionEnding): forget what
 * it read and leave for the sign-in page that says why. Once only: the stream's `revoked` and a request's
 * 401 may both say it.
 */
export function leaveEndedSession(queryClient: QueryClient, reason: SessionEndReason) {
  const wasSignedIn = queryClient.getQueryData(meQueryOptions().queryKey) !== undefined
  if (!wasSignedIn || isSessionEnding(queryClient)) return
  queryClient.clear()
  leavePage(sessionEndedUrl(reason))
}

/** Where a sign-in goes: the dashboard address it was asked from (`next`), never another site's. */
export function afterSignIn(params: URLSearchParams): string {
  const next = params.get('next')
  return next && /^\/dashboard(?:[/?#]|$)/.test(next) ? next : '/dashboard'
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

/** The key of a mutation that ends this browser's session on purpose: signing out, deleting the account. */
export const SESSION_END_KEY = ['session-end'] as const

/** Ends the session on the server (its caller then leaves the dashboard: see forgetEndedSession). */
export function useSignOut() {
  return useMutation({
    mutationKey: SESSION_END_KEY,
    // Any answer ends it (a session already gone answers 401); only an unreachable server is an error.
    mutationFn: async () => {
      await fetch('/api/v1/auth/sign-out', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    },
  })
}

const endingFilters = {
  mutationKey: SESSION_END_KEY,
  predicate: (mutation: { state: { status: string } }) => mutation.state.status !== 'error',
}

/**
 * True from the moment a session-ending mutation is sent until the dashboard has gone (forgetEndedSession).
 * Meanwhile the server tells this very session (its live stream is revoked, its requests answer 401): that
 * is expected, not a removal to report, and nothing should ask the server again.
 */
export function isSessionEnding(queryClient: QueryClient): boolean {
  return queryClient.getMutationCache().findAll(endingFilters).length > 0
}

/** isSessionEnding, re-rendering when it changes. */
export function useSessionEnding(): boolean {
  return useMutationState({ filters: endingFilters }).length > 0
}

/**
 * The browser's side of a session that ended: forget everything read with it, once the dashboard that
 * showed it has unmounted (the dashboard shell calls this as it goes). Not before: a mounted screen whose
 * cache is emptied asks again, with a session that only answers 401.
 */
export function forgetEndedSession(queryClient: QueryClient) {
  if (!isSessionEnding(queryClient)) return
  // Cancel first so no in-flight request lands in the emptied cache.
  void queryClient.cancelQueries()
  queryClient.clear()
}
