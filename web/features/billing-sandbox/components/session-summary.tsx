import { useTranslation } from 'react-i18next'
import type { SandboxSession } from '@contract/billing'
import { Detail } from '@web/components/detail'
import { sessionAmount } from '../session-format'

/** Guild, what is being bought, and for how much. */
export function SessionSummary({ session }: { session: SandboxSession }) {
  const { t } = useTranslation('subscription')
  const item =
    session.kind === 'extra_invite'
      ? t('sandboxPage.item.extraInvite')
      : t('sandboxPage.item.subscription', {
          interval: t(`plan.interval.${session.interval ?? 'month'}`),
        })
  return (
    <dl className="grid gap-3 text-sm">
      <Detail layout="row" label={t('sandboxPage.summary.guild')} testId="sandbox-guild">
        {session.guildName}
      </Detail>
      <Detail layout="row" label={t('sandboxPage.summary.item')} testId="sandbox-item">
        {item}
      </Detail>
      <Detail layout="row" label={t('sandboxPage.summary.amount')} testId="sandbox-amount">
        {sessionAmount(session)}
      </Detail>
    </dl>
  )
}
