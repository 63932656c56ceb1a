import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import type { Me } from '@contract/accounts'
import { Button } from '@web/components/ui/button'
import { DialogShell } from '@web/components/form-dialog'
import { DialogFooter } from '@web/components/ui/dialog'

// "Agora não" is remembered in this browser per guild and per lapse of Pro: the dialog stays closed on later
// visits while the guild stays canceled or expired, and the memory is dropped as soon as the guild has Pro
// again, so the next cancellation (or expiry) shows it once more. Only a preference of this browser: what
// the guild may use is decided by the server.
const storageKey = (guildId: string) => `lootqueue.subscriptionDialog.dismissed.${guildId}`

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function rememberedDismissal(guildId: string | undefined, lapse: string | null): boolean {
  if (!guildId) return false
  const store = storage()
  if (!lapse) {
    store?.removeItem(storageKey(guildId))
    return false
  }
  return store?.getItem(storageKey(guildId)) === lapse
}

/** An expired subscription opens this dialog by itself, once per lapse (docs/product-rules.md, "Screens"). */
export function SubscriptionDialog({ me }: { me: Me }) {
  const { t } = useTranslation('dashboard')
  const { pathname } = useLocation()
  const expired = Boolean(me.subscription?.isExpired)
  const canceled = me.subscription?.status === 'canceled'
  const guildId = me.guild?.id
  // Which lapse this is: a canceled subscription or an expired trial (a trial expires only once).
  const lapse = expired ? (canceled ? 'canceled' : 'expired') : null
  const remembered = rememberedDismissal(guildId, lapse)
  const [dismissed, setDismissed] = useState(false)
  const onSubscriptionPage = pathname.startsWith('/dashboard/subscription')
  const open = expired && !dismissed && !remembered && !onSubscriptionPage
  const isAdmin = me.profile?.role === 'guild_admin'
  const dismiss = () => {
    setDismissed(true)
    if (guildId && lapse) storage()?.setItem(storageKey(guildId), lapse)
  }
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && dismiss()}
      title={canceled ? t('subscriptionDialog.canceledTitle') : t('subscriptionDialog.trialTitle')}
      description={
        <>
          {canceled ? t('subscriptionDialog.canceledText') : t('subscriptionDialog.trialText')}{' '}
          {isAdmin ? t('subscriptionDialog.adminHint') : t('subscriptionDialog.memberHint')}
        </>
      }
    >
      <DialogFooter>
        <Button variant="outline" onClick={dismiss}>
          {t('subscriptionDialog.later')}
        </Button>
        {/* A member cannot use the subscription screen (admins only): told to ask an admin, above. */}
        {isAdmin && (
          <Button asChild onClick={() => setDismissed(true)}>
            <Link to="/dashboard/subscription">{t('subscriptionDialog.open')}</Link>
          </Button>
        )}
      </DialogFooter>
    </DialogShell>
  )
}
