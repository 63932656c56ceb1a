import { Toaster } from 'sonner'
import { useTheme } from '@web/hooks/use-theme'

const TOASTS_TOP = 72

/**
 * Toasts last 4 s, 3 visible at most (docs/product-rules.md, "Language and look"). They open below the
 * headers (56 px, the landing's 64 px), so they never cover the header's buttons (language, theme, account
 * menu). Mounted once by each entry (web/app/app.tsx, web/public-entry/toasts.tsx).
 */
export function AppToaster() {
  const { theme } = useTheme()
  return (
    <Toaster
      richColors
      closeButton
      duration={4000}
      visibleToasts={3}
      theme={theme}
      position="top-right"
      offset={{ top: TOASTS_TOP }}
      mobileOffset={{ top: TOASTS_TOP }}
    />
  )
}
