import type { ReactNode } from 'react'

/**
 * The page's first Tab stop, shown only while focused: straight to `target` (the page's main, focusable with
 * tabIndex -1), past the header's links. Every shell has one (the dashboard, the site's pages, the public
 * guild page).
 */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {children}
    </a>
  )
}
