import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { cn } from '@web/lib/cn'

const WIDTHS = { 1: 'max-w-md', 2: 'max-w-lg' }

const TONES = {
  destructive: 'text-destructive',
  muted: 'text-muted-foreground',
  primary: 'text-primary',
}

type Props = {
  icon: LucideIcon
  tone: keyof typeof TONES
  title: string
  description: string
  /**
   * 1 when the message is the whole page (nothing found, access denied); 2 inside a dashboard screen. The
   * heading's level, and the card's width: centred, narrower alone on a page than within a screen.
   */
  level: 1 | 2
  /** Margins for where it stands. */
  className?: string
  /** The way on (a link or a button), centred under the text. */
  children?: ReactNode
}

/**
 * A message's title and description from one locale group of the caller's `t` (its keys `title` and
 * `description`): every message is written so, and spread into the card, `{...messageTexts(t, 'notFound')}`.
 * It takes the caller's `t` rather than a namespace: the public page's entry has its own (decision 013).
 */
export function messageTexts(t: (key: string) => string, group: string) {
  return { title: t(`${group}.title`), description: t(`${group}.description`) }
}

/** A screen that has one thing to say instead of its content: an icon, why, and what to do next. */
export function MessageCard({ icon: Icon, tone, title, description, level, className, children }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <Card className={cn('mx-auto w-full text-center', WIDTHS[level], className)}>
      <CardHeader className="items-center">
        <Icon aria-hidden className={cn('size-10', TONES[tone])} />
        <Heading className="text-xl font-semibold leading-none tracking-tight">{title}</Heading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  )
}
