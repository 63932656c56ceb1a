import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { usePaymentReturn as usePaymentParam } from '@web/hooks/use-payment-return'
import { refreshAfter } from '@web/lib/query-keys'

// The subscription checkout comes back here; say how it went once (docs/product-rules.md, "Screens").
const TOAST_ID = 'payment-return'

export function usePaymentReturn() {
  const { t } = useTranslation('subscription')
  const queryClient = useQueryClient()
  usePaymentParam((payment) => {
    if (payment === 'cancel') return void toast.info(t('payment.cancel'), { id: TOAST_ID })
    toast.success(t('payment.success'), { id: TOAST_ID })
    // The provider may confirm before this page's live stream hears about it.
    refreshAfter(queryClient, 'guild')
  })
}
