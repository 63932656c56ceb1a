import { createContext, type MouseEvent, type ReactNode, useContext, useState } from 'react'
import { createPortal } from 'react-dom'

type SkipLinkProps = {
  target: string
  children: ReactNode
  /** Takes focus somewhere more precise than the target (the link's default is then prevented). */
  onFollow?: () => void
}

/**
 * The page's first Tab stop, shown only while focused: straight to `target` (the page's main, focusable with
 * tabIndex -1), past the header's links. Every shell has one (the dashboard, the site's pages, the public
 * guild page).
 */
export function SkipLink({ target, children, onFollow }: SkipLinkProps) {
  const follow = onFollow
    ? (event: MouseEvent) => {
        event.preventDefault()
        onFollow()
      }
    : undefined
  return (
    <a
      href={`#${target}`}
      onClick={follow}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-3"
    >
      {children}
    </a>
  )
}

const PageSkipLinkSlot = createContext<HTMLElement | null>(null)

/**
 * The shell's skip link, then room for the page's own (`PageSkipLink`): they are the next Tab stops, before
 * the sidebar and the header, as a keyboard user looks for them at the top of the page.
 */
export function SkipLinks({
  target,
  label,
  children,
}: {
  target: string
  label: string
  children: ReactNode
}) {
  const [slot, setSlot] = useState<HTMLElement | null>(null)
  return (
    <PageSkipLinkSlot.Provider value={slot}>
      <SkipLink target={target}>{label}</SkipLink>
      <div ref={setSlot} className="contents" />
      {children}
    </PageSkipLinkSlot.Provider>
  )
}

/**
 * A page's skip link to its busiest control (the raid night's attendance), drawn right after the shell's. It
 * appears once the page runs in the browser: the slot is set after the first render, so a page the server drew
 * hydrates without it, and a page outside a shell with `SkipLinks` has none.
 */
export function PageSkipLink(props: SkipLinkProps) {
  const slot = useContext(PageSkipLinkSlot)
  return slot ? createPortal(<SkipLink {...props} />, slot) : null
}
