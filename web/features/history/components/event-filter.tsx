import { useTranslation } from 'react-i18next'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { formatCalendarDate } from '@web/lib/format'
import type { EventChoice } from '../api/get-event-choices'

const ALL = 'all'

type Props = { id: string; value: string; choices: EventChoice[]; onChange: (event: string) => void }

/**
 * Filters the history by raid night: every row, or one event's (newest first, named with its date on the
 * guild's clock; a date alone says no zone, so the filter keeps to its box at 1366 px: e2e/long-text.e2e.ts).
 */
export function EventFilter({ id, value, choices, onChange }: Props) {
  const { t } = useTranslation('history')
  return (
    <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : next)}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{t('filters.allEvents')}</SelectItem>
        {choices.map((choice) => (
          // A long name wraps in the list (the list is as wide as the filter).
          <SelectItem key={choice.id} value={choice.id} className="wrap-anywhere">
            {t('filters.eventChoice', { name: choice.name, date: formatCalendarDate(choice.date) })}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
