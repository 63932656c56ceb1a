import { Download, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HISTORY_SEARCH_MAX } from '@contract/history'
import { IconButton } from '@web/components/icon-button'
import { type RarityChoice, RarityFilter } from '@web/components/rarity-filter'
import { SearchInput } from '@web/components/search-input'
import { Button } from '@web/components/ui/button'
import { Label } from '@web/components/ui/label'
import { Spinner } from '@web/components/ui/spinner'
import type { EventChoice } from '../api/get-event-choices'
import { useDebouncedCallback } from '../hooks/use-debounced-callback'
import type { HistoryTab } from '../hooks/use-history-params'
import { EventFilter } from './event-filter'

export const SEARCH_DEBOUNCE_MS = 300

type Props = {
  tab: HistoryTab
  search: string
  rarity: RarityChoice
  /** A raid night's id, or '' for every row. */
  event: string
  events: EventChoice[]
  onSearch: (search: string) => void
  onRarity: (rarity: RarityChoice) => void
  onEvent: (event: string) => void
  /** Present for admins only. */
  onExport?: () => void
  exporting?: boolean
}

export function HistoryToolbar(props: Props) {
  const { tab, search, rarity, event, events, onSearch, onRarity, onEvent, onExport, exporting } = props
  const { t } = useTranslation('history')
  const searchId = useId()
  const rarityId = useId()
  const eventId = useId()
  // What is typed shows at once; the address (and the query) follow after a pause in typing.
  const [text, setText] = useState(search)
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS)
  useEffect(() => setText(search), [search])

  const commit = (value: string) => {
    debounced.cancel()
    onSearch(value)
  }

  return (
    // Filters grow into the room there is and wrap to a new line before they would run under each other; a
    // box never grows past its share for a long choice (grid-cols-1, min-w-0), which is cut inside it.
    // "Exportar CSV" keeps to the right end. On a phone, one control a line.
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <div className="grid min-w-0 grid-cols-1 gap-1.5 sm:flex-[1_1_16rem]">
        <Label htmlFor={searchId}>{t('filters.searchLabel')}</Label>
        <SearchInput
          id={searchId}
          value={text}
          maxLength={HISTORY_SEARCH_MAX}
          placeholder={tab === 'loot' ? t('filters.searchLoot') : t('filters.searchActivity')}
          // Room for the clear button only when it shows: the placeholder, shown only while the box is empty,
          // has the box's whole width.
          className={text ? 'pr-9' : undefined}
          onChange={(event) => {
            setText(event.target.value)
            debounced.call(event.target.value)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(text)
          }}
        >
          {text && (
            <IconButton
              icon={X}
              className="absolute top-0 right-0"
              label={t('filters.clearSearch')}
              onClick={() => {
                setText('')
                commit('')
              }}
            />
          )}
        </SearchInput>
      </div>
      {tab === 'loot' && (
        <RarityFilter
          id={rarityId}
          label={t('filters.rarityLabel')}
          className="min-w-0 grid-cols-1 sm:flex-[0_1_13rem]"
          value={rarity}
          onChange={onRarity}
          allLabel={t('filters.allRarities')}
        />
      )}
      {(events.length > 0 || event) && (
        <div className="grid min-w-0 grid-cols-1 gap-1.5 sm:max-w-md sm:flex-[1_1_20rem]">
          <Label htmlFor={eventId}>{t('filters.eventLabel')}</Label>
          <EventFilter id={eventId} value={event} choices={events} onChange={onEvent} />
        </div>
      )}
      {onExport && (
        <Button
          variant="outline"
          className="sm:ml-auto"
          onClick={onExport}
          disabled={exporting}
          aria-label={tab === 'loot' ? t('export.lootLabel') : t('export.activityLabel')}
        >
          {exporting ? <Spinner className="size-4" /> : <Download aria-hidden />}
          {tab === 'loot' ? t('export.loot') : t('export.activity')}
        </Button>
      )}
    </div>
  )
}
