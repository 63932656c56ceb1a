import { Globe } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '@web/lib/cn'
import { useOtherZoneName, useReaderZoneName } from '@web/hooks/use-other-zone-name'
import { zoneLabel } from '@web/lib/format'

type Props = {
  /** The zone the times beside it are read on: the guild's. */
  zone: string
  /** The instants those times show (a night's start and end; an award's time). */
  at: string | Date | readonly (string | Date)[]
  className?: string
}

/**
 * After times read on the guild's clock (a raid night's, and those shown beside it): "(Horário Alemanha)",
 * "(Germany Time)" when the reader's clock reads otherwise, nothing when it reads the same
 * (docs/product-rules.md, "Raid nights"), with the space before it. Its title gives the zone's id and offset.
 * Shown once the page is hydrated, never in the server's HTML (web/hooks/use-other-zone-name.ts says why).
 */
export function ZoneTag({ zone, at, className }: Props) {
  const { t } = useTranslation('common')
  const name = useOtherZoneName()(zone, at)
  if (!name) return null
  const first = typeof at === 'string' || at instanceof Date ? at : at[0]
  // The space before it comes with it: nothing is left behind the times when it is not shown.
  return (
    <>
      {' '}
      <span
        className={cn('whitespace-nowrap text-muted-foreground', className)}
        title={zoneLabel(zone, first ? new Date(first) : undefined)}
        data-zone={zone}
      >
        {t('zoneTag', { zone: name })}
      </span>
    </>
  )
}

/**
 * After times read on the reader's own clock (the public page's "Último a receber … em …"): "(seu horário:
 * Horário Portugal)", "(your time: Portugal Time)" when their clock reads otherwise than the guild's `zone`
 * at `at`, nothing when it reads the same (docs/product-rules.md, "Raid nights"), with the space before it.
 * Shown once the page is hydrated, as ZoneTag.
 */
export function ReaderZoneTag({ zone, at }: Omit<Props, 'className'>) {
  const { t } = useTranslation('common')
  const name = useReaderZoneName()(zone, at)
  if (!name) return null
  // It may wrap (a zone's name is long: "Horário Universal Coordenado" overflowed a 360 px phone), and takes
  // no cn(): tailwind-merge's map is not built while the public page loads (e2e/public.e2e.ts).
  return (
    <>
      {' '}
      <span data-testid="reader-zone">{t('readerZoneTag', { zone: name })}</span>
    </>
  )
}

/**
 * One line above a page's dates on the reader's own clock (a player's page): "Datas e horas no seu horário:
 * Horário Portugal.", when their clock reads otherwise than the guild's `zone` at `at`; nothing otherwise.
 */
export function ReaderClockNote({ zone, at }: Omit<Props, 'className'>) {
  const { t } = useTranslation('common')
  const name = useReaderZoneName()(zone, at)
  if (!name) return null
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="reader-clock">
      <Globe aria-hidden className="size-3.5 shrink-0" />
      {t('readerClock', { zone: name })}
    </p>
  )
}
