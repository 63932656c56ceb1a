import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { MessageCard, messageTexts } from './message-card'

/**
 * A Pro screen opened without an active subscription or live trial says what it would offer and leads
 * to the subscription screen (docs/product-rules.md, "Subscription"), in the words of the screen's
 * namespace `ns` (premium.title, premium.description, premium.cta).
 */
export function PremiumTeaser({ ns }: { ns: string }) {
  const { t } = useTranslation(ns)
  return (
    <MessageCard icon={Lock} tone="primary" {...messageTexts(t, 'premium')} level={2}>
      <Link to="/dashboard/subscription" className={buttonVariants()}>
        {t('premium.cta')}
      </Link>
    </MessageCard>
  )
}
