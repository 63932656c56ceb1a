import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { cn } from '@web/lib/cn'

type Props = {
  title: ReactNode
  /** Drawn before the title (aria-hidden, sized by the caller). */
  icon?: ReactNode
  description?: ReactNode
  /** Beside the title and description, at the end (say, an Edit button). */
  action?: ReactNode
  className?: string
  /** Classes for the body (its layout: a grid, a narrower width…). */
  contentClassName?: string
  /** Under the body, for the card's buttons. */
  footer?: ReactNode
  /** The part of a screen that deletes for good: red border and title. */
  danger?: boolean
  children: ReactNode
}

/** One titled part of a screen: a card with its title (an h2, under the page's h1), a description, then the body. */
export function SectionCard(props: Props) {
  const { title, icon, description, action, className, contentClassName, footer, danger, children } = props
  const heading = (
    <>
      <CardTitle className={cn(icon && 'flex items-center gap-2', danger && 'text-destructive')}>
        {icon}
        {title}
      </CardTitle>
      {description && <CardDescription>{description}</CardDescription>}
    </>
  )
  return (
    <Card className={cn(danger && 'border-destructive/50', className)}>
      {action ? (
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
      {footer}
    </Card>
  )
}
