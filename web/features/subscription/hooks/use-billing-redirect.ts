import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { BillingInterval } from '@contract/enums'
import { handleError } from '@web/lib/error-handler'
import { useCreateCheckout } from '../api/create-checkout'
import { useOpenPortal } from '../api/open-portal'
import { openPendingWindow } from '../new-window'
import { refreshAfter } from '@web/lib/query-keys'

/** 'Assinar agora' and 'Gerenciar Assinatura': ask the server for the page, open it in a new window. */
export function useBillingRedirect() {
  const { t } = useTranslation('subscription')
  const queryClient = useQueryClient()
  const checkout = useCreateCheckout()
  const portal = useOpenPortal()
  // A refusal (already subscribed, no billing account) means this screen is out of date.
  const refresh = () => refreshAfter(queryClient, 'guild')

  const subscribe = (interval: BillingInterval) => {
    const target = openPendingWindow()
    checkout.mutate(
      { interval },
      {
        onSuccess: ({ url }) => target.go(url),
        onError: (error) => {
          target.abandon()
          // A failure is also logged to the console, once (docs/product-rules.md, "Screens").
          console.error('Error creating payment session', error)
          handleError(error, t('errors.checkout'))
          refresh()
        },
      },
    )
  }

  const manage = () => {
    const target = openPendingWindow()
    portal.mutate(undefined, {
      onSuccess: ({ url }) => target.go(url),
      onError: (error) => {
        target.abandon()
        console.error('Error opening billing portal', error)
        handleError(error, t('errors.portal'))
        refresh()
      },
    })
  }

  return { subscribe, manage, pending: checkout.isPending || portal.isPending }
}
