import { Globe } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { zoneLabel } from '@web/lib/format'

/** Which clock the nights' times are on, and where it is set (admins change it on the guild page). */
export function GuildClockNote({ timeZone, isAdmin }: { timeZone: string; isAdmin: boolean }) {
  const { t } = useTranslation('events')
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
      <Globe aria-hidden className="size-4 shrink-0" />
      <span data-testid="guild-clock">{t('clock.zone', { zone: zoneLabel(timeZone) })}</span>
      {isAdmin ? (
        <Link to="/dashboard/guild" className="text-primary underline underline-offset-4">
          {t('clock.change')}
        </Link>
      ) : (
        <span>{t('clock.readOnly')}</span>
      )}
    </p>
  )
}
