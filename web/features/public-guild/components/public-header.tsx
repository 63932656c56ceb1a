import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

// The language menu (radix's dropdown, about a fifth of the page's JavaScript) is not needed to read the
// queues: it loads once the page's content is on screen, in a box of its final size meanwhile
// (docs/decisions/013-public-page-entry.md, kept by 014).
const DisplayToggles = lazy(() =>
  import('@web/components/layout/display-toggles').then((m) => ({ default: m.DisplayToggles })),
)

const TOGGLES_BOX = <div className="h-9 w-[6.75rem] pointer-coarse:h-11 pointer-coarse:w-[7.25rem]" />

/** A slim bar: the product's name (home link) and, once `showToggles`, the language and theme switches. */
export function PublicHeader({ showToggles }: { showToggles: boolean }) {
  const { t } = useTranslation('common')
  return (
    <header className="sticky top-0 z-20 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-md font-bold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring pointer-coarse:min-h-11"
        >
          <svg viewBox="0 0 64 64" width="24" height="24" aria-hidden="true" className="shrink-0">
            <rect width="64" height="64" rx="14" fill="#7c3aed" />
            <path d="M18 40l14-22 14 22H18z" fill="#fde68a" />
            <circle cx="32" cy="44" r="6" fill="#fff" />
          </svg>
          {t('appName')}
        </Link>
        {showToggles ? (
          <Suspense fallback={TOGGLES_BOX}>
            <DisplayToggles />
          </Suspense>
        ) : (
          TOGGLES_BOX
        )}
      </div>
    </header>
  )
}
