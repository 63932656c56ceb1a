import type { ReactNode } from 'react'
import { cn } from '@web/lib/cn'

type Props = {
  /** Names the heading's id (`${name}-title`), and the section's own id when it is a menu anchor. */
  name: string
  /** The site header links here (#features, #pricing): the section keeps clear of the sticky header. */
  anchor?: boolean
  title: string
  subtitle?: string
  centered?: boolean
  className?: string
  children: ReactNode
}

/** One band of the landing page: a rule above, the same width and spacing, an h2 and its subtitle. */
export function LandingSection({ name, anchor, title, subtitle, centered, className, children }: Props) {
  const titleId = `${name}-title`
  return (
    <section
      id={anchor ? name : undefined}
      aria-labelledby={titleId}
      className={cn('border-t', anchor && 'scroll-mt-16', className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
        <div className={cn('max-w-2xl', centered && 'mx-auto text-center')}>
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-balance">
            {title}
          </h2>
          {subtitle && <p className="mt-3 text-muted-foreground">{subtitle}</p>}
        </div>
        {children}
      </div>
    </section>
  )
}
