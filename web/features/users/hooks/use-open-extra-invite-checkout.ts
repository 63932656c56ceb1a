import { useTranslation } from 'react-i18next'
import { handleError } from '@web/lib/error-handler'
import { useBuyExtraInvite } from '../api/buy-extra-invite'
import { leavePage } from '@web/lib/leave-page'

/**
 * Buys one extra invite: the checkout opens in a new window (docs/product-rules.md, "Screens"). Browsers
 * allow a popup only during the click, and the address arrives from the server a moment later, so the
 * window opens blank at once and is pointed at the checkout when it arrives; where no window could open,
 * this tab goes there instead.
 * (The subscription screen does the same in its new-window.ts: a candidate for web/lib.)
 */
export function useOpenExtraInviteCheckout() {
  const { t } = useTranslation('users')
  const buy = useBuyExtraInvite()
  const open = () => {
    const popup = window.open('', '_blank')
    // The checkout page must not reach back into this tab (what rel=noopener does for a link).
    if (popup) popup.opener = null
    buy.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (popup && !popup.closed) popup.location.href = url
        else leavePage(url)
      },
      onError: (error) => {
        popup?.close()
        handleError(error, t('toast.paymentError'))
      },
    })
  }
  return { open, isPending: buy.isPending }
}
