import { useTranslation } from 'react-i18next'
import type { SandboxSession } from '@contract/billing'
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
      <Row label={t('sandboxPage.summary.guild')} value={session.guildName} testId="sandbox-guild" />
      <Row label={t('sandboxPage.summary.item')} value={item} testId="sandbox-item" />
      <Row label={t('sandboxPage.summary.amount')} value={sessionAmount(session)} testId="sandbox-amount" />
    </dl>
  )
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-3 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
