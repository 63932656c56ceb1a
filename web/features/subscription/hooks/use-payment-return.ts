import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { refreshAfter } from '@web/lib/query-keys'

// spec §8 "Payment return": checkout comes back with ?payment=success or ?payment=cancel. Say so once, then
// take the parameter out of the address so a reload or a shared link does not say it again.
const TOAST_ID = 'payment-return'

export function usePaymentReturn() {
  const { t } = useTranslation('subscription')
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const payment = params.get('payment')

  useEffect(() => {
    if (payment !== 'success' && payment !== 'cancel') return
    // One toast id: a second run of this effect (React's development double run) replaces, not repeats, it.
    if (payment === 'success') {
      toast.success(t('payment.success'), { id: TOAST_ID })
      // The provider may confirm before this page's live stream hears about it.
      refreshAfter(queryClient, 'guild')
    } else {
      toast.info(t('payment.cancel'), { id: TOAST_ID })
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('payment')
        return next
      },
      { replace: true },
    )
  }, [payment, setParams, queryClient, t])
}
