import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { onApiError } from '@web/lib/api-client'
import { leaveEndedSession, sessionEndOf } from '@web/lib/session'

/**
 * A user who was signed in and whose session ends under them (password changed elsewhere, signed out in
 * another tab, account deleted, removed or deactivated by an admin) is sent to /auth?message=<why> on the next
 * request that finds out, told the reason the server gave (docs/product-rules.md, "Accounts"). A session the
 * user ends on purpose (signing out, deleting the account) is not reported: that flow leaves by itself.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stop = onApiError((error) => {
      // A 401 with no reason (no cookie reached the server: it was cleared meanwhile) reads as expired.
      const sessionGone = error.status === 401 || error.code === 'ACCOUNT_DEACTIVATED'
      if (sessionGone) leaveEndedSession(queryClient, sessionEndOf(error) ?? 'expired')
    })
    return () => {
      stop()
    }
  }, [queryClient])
}
