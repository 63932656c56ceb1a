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
  /**
   * The window opens during the press (../new-window.ts) and goes to the provider's page when it comes. A
   * failure closes it, is logged to the console once as `logLine` (docs/product-rules.md, "Screens"), said
   * under `title`, and refreshes the screen: a refusal (already subscribed, no billing account) means it is
   * out of date.
   */
  const inNewWindow = (logLine: string, title: string) => {
    const target = openPendingWindow()
    return {
      onSuccess: ({ url }: { url: string }) => target.go(url),
      onError: (error: unknown) => {
        target.abandon()
        console.error(logLine, error)
        handleError(error, title)
        refreshAfter(queryClient, 'guild')
      },
    }
  }

  const subscribe = (interval: BillingInterval) =>
    checkout.mutate({ interval }, inNewWindow('Error creating payment session', t('errors.checkout')))
  const manage = () =>
    portal.mutate(undefined, inNewWindow('Error opening billing portal', t('errors.portal')))

  return { subscribe, manage, pending: checkout.isPending || portal.isPending }
}
