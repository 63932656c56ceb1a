import type { To } from 'react-router'
import { Link } from 'react-router'
import { cn } from '@web/lib/cn'

const linkClass =
  'rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

type Props = {
  /** The heading's id: the list is named by it. */
  id: string
  title: string
  links: { key: string; to: To; label: string }[]
  className?: string
  titleClassName?: string
  listClassName?: string
}

/** A titled list of links, as a navigation landmark named by its title (a document's contents, the related documents). */
export function LegalLinks({ id, title, links, className, titleClassName, listClassName }: Props) {
  return (
    <nav aria-labelledby={id} className={className}>
      <h2 id={id} className={cn('font-semibold', titleClassName)}>
        {title}
      </h2>
      <ul className={listClassName}>
        {links.map(({ key, to, label }) => (
          <li key={key}>
            <Link to={to} className={linkClass}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
