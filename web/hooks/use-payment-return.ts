import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A checkout comes back with ?payment=success or ?payment=cancel: run `onReturn` once, then take the
 * parameter out of the address so a reload or a shared link does not say it again. Toasts shown from
 * `onReturn` take a fixed id, so React's development double run shows them once.
 */
export function usePaymentReturn(onReturn: (payment: 'success' | 'cancel') => void) {
  const [params, setParams] = useSearchParams()
  const payment = params.get('payment')
  const latest = useRef(onReturn)
  latest.current = onReturn

  useEffect(() => {
    if (payment !== 'success' && payment !== 'cancel') return
    latest.current(payment)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('payment')
        return next
      },
      { replace: true },
    )
  }, [payment, setParams])
}
