import { useTranslation } from 'react-i18next'
import { Toaster } from 'sonner'
import { useMediaQuery } from '@web/hooks/use-media-query'
import { useTheme } from '@web/hooks/use-theme'
import { PHONE_TOASTS_QUERY } from '@web/lib/toast-place'

const TOASTS_TOP = 72
/**
 * A toast that offers an action (undo, open the copy, go to the players) lasts longer than the 4 s of the
 * others: 4 s was too short to read it and reach its button (an outside test, 2026-12-07: "Abrir" had gone
 * before the officer got there). A toast pauses under the pointer or with the keyboard inside it too.
 */
export const ACTION_TOAST_DURATION = 10_000

/**
 * Toasts last 4 s (one with an action 10 s, above), 3 visible at most (docs/product-rules.md, "Language and look"). On a phone they open at
 * the top, below the headers (56 px, the landing's 64 px), where they never cover the header's buttons nor
 * the rows a thumb is working on at the bottom. On a wider screen they open at the bottom left: at the top
 * they lay over the page's own action (the players page's "Add player", right after adding one), and at the
 * bottom right over a row's actions, which sit at its right end (the queue's "Received", "Absent" and "More"
 * while an officer hands out several drops); a toast under the pointer stays until the pointer leaves it.
 * The bottom left holds the sidebar's empty foot and the start of a row (a name). A toast may say it opens
 * clear of the page's top on a phone (web/lib/toast-place.ts). Mounted once, after the first render
 * (web/app/app.tsx).
 */
export function AppToaster() {
  const { theme } = useTheme()
  const phone = useMediaQuery(PHONE_TOASTS_QUERY)
  const { t } = useTranslation('common')
  return (
    // Sonner's own labels are English ("Notifications alt+T", "Close toast"): both are given in the page's
    // language. The close button's size (24 px, a tap target's least) is set in web/app/styles.css.
    <Toaster
      containerAriaLabel={t('toasts.region')}
      toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      richColors
      closeButton
      duration={4000}
      visibleToasts={3}
      theme={theme}
      position={phone ? 'top-center' : 'bottom-left'}
      mobileOffset={{ top: TOASTS_TOP }}
    />
  )
}
