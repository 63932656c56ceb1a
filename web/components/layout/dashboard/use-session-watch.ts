import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { onApiError } from '@web/lib/api-client'
import { isSessionEnding, meQueryOptions } from '@web/lib/session'
import { leavePage } from '@web/lib/leave-page'

export const REMOVED_URL = '/auth?message=removed'

/**
 * A user who was signed in and whose session ends under them (deactivated, removed, revoked) is sent to
 * /auth?message=removed on the next request that finds out (docs/product-rules.md, "Accounts"). A session the
 * user ends on purpose (signing out, deleting the account) is not a removal: that flow leaves by itself.
 */
export function useSessionWatch() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stop = onApiError((error) => {
      const sessionGone = error.status === 401 || error.code === 'ACCOUNT_DEACTIVATED'
      const wasSignedIn = queryClient.getQueryData(meQueryOptions().queryKey) !== undefined
      if (sessionGone && wasSignedIn && !isSessionEnding(queryClient)) {
        queryClient.clear()
        leavePage(REMOVED_URL)
      }
    })
    return () => {
      stop()
    }
  }, [queryClient])
}
