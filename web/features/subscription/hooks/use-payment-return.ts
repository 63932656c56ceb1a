import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { usePaymentReturn as usePaymentParam } from '@web/hooks/use-payment-return'
import { refreshAfter } from '@web/lib/query-keys'
import { billingQueryOptions } from '../api/get-billing'

// The subscription checkout comes back here; say how it went once (docs/product-rules.md, "Screens"). The
// address alone proves nothing (anyone can type ?payment=success): success is said only once the server
// says the subscription is active; the provider's event may take a moment, so it is asked a few times.
const TOAST_ID = 'payment-return'
export const CONFIRM_TRIES = 8
export const CONFIRM_INTERVAL_MS = 1500

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function usePaymentReturn() {
  const { t } = useTranslation('subscription')
  const queryClient = useQueryClient()
  usePaymentParam((payment) => {
    if (payment === 'cancel') return void toast.info(t('payment.cancel'), { id: TOAST_ID })
    toast.loading(t('payment.confirming'), { id: TOAST_ID })
    void (async () => {
      for (let attempt = 0; attempt < CONFIRM_TRIES; attempt++) {
        if (attempt > 0) await wait(CONFIRM_INTERVAL_MS)
        const billing = await queryClient
          .fetchQuery({ ...billingQueryOptions(), staleTime: 0 })
          .catch(() => null)
        if (billing?.subscription.status === 'active') {
          toast.success(t('payment.success'), { id: TOAST_ID })
          refreshAfter(queryClient, 'guild')
          return
        }
      }
      toast.info(t('payment.pending'), { id: TOAST_ID })
    })()
  })
}
