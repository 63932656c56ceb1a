import { useTranslation } from 'react-i18next'
import { useReaderZoneName } from './use-other-zone-name'

type Instants = string | Date | readonly (string | Date)[]

/**
 * A label over times on the reader's own clock (a table's "Data/Hora"), saying which clock when it reads
 * otherwise than the guild's `zone` at those times: "Data/Hora (seu horário: Horário Portugal)", "Date/Time
 * (your time: Portugal Time)"; the label alone for a reader on the guild's clock, while the guild's zone is
 * not known yet, and before the page is hydrated (web/hooks/use-other-zone-name.ts). The events' own times
 * are the guild's and say its zone instead (ZoneTag); docs/product-rules.md, "Raid nights".
 */
export function useReaderClockLabel(zone: string | undefined, at: Instants): (label: string) => string {
  const { t } = useTranslation('common')
  const name = useReaderZoneName()
  const reader = zone ? name(zone, at) : null
  return (label) => (reader ? `${label} ${t('readerZoneTag', { zone: reader })}` : label)
}
