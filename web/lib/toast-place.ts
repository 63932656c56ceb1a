import type { ExternalToast } from 'sonner'

// Where toasts open: one toaster (web/components/app-toaster.tsx), and this for the toasts that say where.

/** Sonner's own phone layout (full-width toasts) starts below this width. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)'

/**
 * On a phone, toasts open at the top, below the header; a page whose own top is what the reader came to see
 * (the public page, its guild's name and "Live" right after the password) opens its notice at the bottom
 * instead, where nothing is being worked on yet. Elsewhere, where every toast opens.
 */
export function clearOfPageTop(): Pick<ExternalToast, 'position'> {
  return window.matchMedia?.(PHONE_TOASTS_QUERY).matches ? { position: 'bottom-center' } : {}
}
