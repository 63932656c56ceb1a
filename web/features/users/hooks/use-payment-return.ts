import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { usePaymentReturn as usePaymentParam } from '@web/hooks/use-payment-return'
import { refreshAfter } from '@web/lib/query-keys'

/**
 * The extra-invite checkout returns to /dashboard/users?payment=success|cancel
 * (docs/product-rules.md, "Screens").
 */
export function usePaymentReturn() {
  const { t } = useTranslation('users')
  const queryClient = useQueryClient()
  usePaymentParam((payment) => {
    if (payment === 'cancel') return void toast.info(t('toast.paymentCancel'), { id: 'payment-return' })
    toast.success(t('toast.paymentSuccess'), {
      id: 'payment-return',
      description: t('toast.paymentSuccessText'),
    })
    refreshAfter(queryClient, 'members')
  })
}
