import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { useMe } from '@web/lib/session'
import { MessageCard, messageTexts } from './message-card'

/**
 * A Pro screen opened without an active subscription or live trial says what it would offer and leads an
 * admin to the subscription screen (docs/product-rules.md, "Subscription"), in the words of the screen's
 * namespace `ns` (premium.title, premium.description, premium.cta). A member, who cannot use that screen, is
 * told to ask an admin instead (docs/product-rules.md, "Roles").
 */
export function PremiumTeaser({ ns }: { ns: string }) {
  const { t } = useTranslation([ns, 'dashboard'])
  const isAdmin = useMe().data?.profile?.role === 'guild_admin'
  return (
    <MessageCard icon={Lock} tone="primary" {...messageTexts(t, 'premium')} level={2}>
      {isAdmin ? (
        <Link to="/dashboard/subscription" className={buttonVariants()}>
          {t('premium.cta')}
        </Link>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('subscriptionDialog.memberHint', { ns: 'dashboard' })}
        </p>
      )}
    </MessageCard>
  )
}
