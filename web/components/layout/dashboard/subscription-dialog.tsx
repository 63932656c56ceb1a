import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Me } from '@contract/accounts'
import { Button } from '@web/components/ui/button'
import { DialogShell } from '@web/components/form-dialog'
import { DialogFooter } from '@web/components/ui/dialog'

/** An expired subscription opens this dialog by itself, once per visit (docs/product-rules.md, "Screens"). */
export function SubscriptionDialog({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const { pathname } = useLocation()
  const [dismissed, setDismissed] = useState(false)
  const expired = Boolean(me.subscription?.isExpired)
  const onSubscriptionPage = pathname.startsWith('/dashboard/subscription')
  const open = expired && !dismissed && !onSubscriptionPage
  const canceled = me.subscription?.status === 'canceled'
  const isAdmin = me.profile?.role === 'guild_admin'
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && setDismissed(true)}
      title={canceled ? t('subscriptionDialog.canceledTitle') : t('subscriptionDialog.trialTitle')}
      description={
        <>
          {canceled ? t('subscriptionDialog.canceledText') : t('subscriptionDialog.trialText')}{' '}
          {isAdmin ? t('subscriptionDialog.adminHint') : t('subscriptionDialog.memberHint')}
        </>
      }
    >
      <DialogFooter>
        <Button variant="outline" onClick={() => setDismissed(true)}>
          {t('subscriptionDialog.later')}
        </Button>
        <Button asChild onClick={() => setDismissed(true)}>
          <Link to="/dashboard/subscription">{t('subscriptionDialog.open')}</Link>
        </Button>
      </DialogFooter>
    </DialogShell>
  )
}
