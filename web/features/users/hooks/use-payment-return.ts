import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { refreshAfter } from '@web/lib/query-keys'

/**
 * spec §2: the extra-invite checkout returns to /dashboard/users?payment=success|cancel. Say how it went
 * once, then take the parameter out of the address so a reload or a shared link does not say it again.
 */
export function usePaymentReturn() {
  const { t } = useTranslation('users')
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const payment = params.get('payment')

  useEffect(() => {
    if (payment !== 'success' && payment !== 'cancel') return
    // A fixed id: a second run of this effect (React's development double run) shows the same toast once.
    if (payment === 'success') {
      toast.success(t('toast.paymentSuccess'), {
        id: 'payment-return',
        description: t('toast.paymentSuccessText'),
      })
      refreshAfter(queryClient, 'members')
    } else {
      toast.info(t('toast.paymentCancel'), { id: 'payment-return' })
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('payment')
        return next
      },
      { replace: true },
    )
  }, [payment, queryClient, setParams, t])
}
