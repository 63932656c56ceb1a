import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'
import { cn } from '@web/lib/cn'

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
  /** 1 when the message is the whole page (nothing found, access denied); 2 inside a dashboard screen. */
  level: 1 | 2
  /** Widths and margins for where it stands. */
  className?: string
  /** The way on (a link or a button), centred under the text. */
  children?: ReactNode
}

/** A screen that has one thing to say instead of its content: an icon, why, and what to do next. */
export function MessageCard({ icon: Icon, tone, title, description, level, className, children }: Props) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <Card className={cn('w-full text-center', className)}>
      <CardHeader className="items-center">
        <Icon aria-hidden className={cn('size-10', TONES[tone])} />
        <Heading className="text-xl font-semibold leading-none tracking-tight">{title}</Heading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  )
}
