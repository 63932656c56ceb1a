import { Lock } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { MessageCard } from './message-card'

/**
 * A Pro screen opened without an active subscription or live trial says what it would offer and leads
 * to the subscription screen (docs/product-rules.md, "Subscription"). Texts come from the screen's own
 * namespace.
 */
export function PremiumTeaser({
  title,
  description,
  cta,
}: {
  title: string
  description: string
  cta: string
}) {
  return (
    <MessageCard icon={Lock} tone="primary" title={title} description={description} level={2}>
      <Link to="/dashboard/subscription" className={buttonVariants()}>
        {cta}
      </Link>
    </MessageCard>
  )
}
