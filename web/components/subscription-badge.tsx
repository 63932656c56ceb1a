import type { ComponentProps } from 'react'
import { Badge } from '@web/components/ui/badge'

// One colour per subscription status, wherever a status shows (the guild page, the subscription page).
const VARIANT = {
  active: 'success',
  trialing: 'secondary',
  past_due: 'warning',
  canceled: 'destructive',
  expired: 'destructive',
  unknown: 'outline',
} as const

export type SubscriptionBadgeStatus = keyof typeof VARIANT

/** A subscription status as a badge; the screen says it in its own words (children). */
export function SubscriptionBadge({
  status,
  ...props
}: { status: SubscriptionBadgeStatus } & Omit<ComponentProps<typeof Badge>, 'variant'>) {
  return <Badge variant={VARIANT[status]} {...props} />
}
