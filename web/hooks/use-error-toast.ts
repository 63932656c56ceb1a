import { useEffect } from 'react'
import { handleError } from '@web/lib/error-handler'

/** Says a read's failure as a toast (handleError, titled `title`) when it comes; no error, no toast. */
export function useErrorToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) handleError(error, title)
  }, [error, title])
}
