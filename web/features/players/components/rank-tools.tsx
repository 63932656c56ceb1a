import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Rank } from '@contract/ranks'
import { PendingButton } from '@web/components/pending-button'
import { RankSelect } from '@web/components/rank-select'
import { Button } from '@web/components/ui/button'
import { runWithToast } from '@web/lib/error-handler'
import { useSetPlayersRank } from '../api/set-players-rank'

/** The rank filter's choice: every player, those without a rank, or one rank's id. */
export type RankFilter = 'all' | 'none' | string

export const matchesRank = (filter: RankFilter) => (player: { rankId: string | null }) =>
  filter === 'all' || (filter === 'none' ? player.rankId === null : player.rankId === filter)

type Props = {
  ranks: readonly Rank[]
  filter: RankFilter
  onFilter: (filter: RankFilter) => void
  selected: ReadonlySet<string>
  onSelectAll: () => void
  onClear: () => void
}

/**
 * Above the players table of a guild with ranks: the rank filter, and for the players selected one rank
 * given to all of them at once (one request, one transaction).
 */
export function RankTools({ ranks, filter, onFilter, selected, onSelectAll, onClear }: Props) {
  const { t } = useTranslation('players')
  const [rank, setRank] = useState<string>(ranks[0]?.id ?? 'none')
  const setPlayersRank = useSetPlayersRank()
  const chosen = rank === 'none' || ranks.some((r) => r.id === rank) ? rank : 'none'
  const apply = () =>
    runWithToast(
      async () => {
        await setPlayersRank.mutateAsync({
          playerIds: [...selected],
          rankId: chosen === 'none' ? null : chosen,
        })
        onClear()
      },
      t('rank.changed', { count: selected.size }),
      t('rank.changeError'),
    )
  return (
    <div className="grid gap-4 sm:flex sm:flex-wrap sm:items-end">
      <RankSelect
        id="players-rank-filter"
        label={t('rank.filter')}
        value={filter}
        onChange={onFilter}
        ranks={ranks}
        extra={[
          { value: 'all', label: t('rank.all') },
          { value: 'none', label: t('rank.none') },
        ]}
        className="sm:w-56"
      />
      <fieldset className="grid gap-2 sm:flex sm:items-end">
        <legend className="sr-only">{t('rank.bulk')}</legend>
        <RankSelect
          id="players-rank-change"
          label={t('rank.changeTo', { count: selected.size })}
          value={chosen}
          onChange={setRank}
          ranks={ranks}
          extra={[{ value: 'none', label: t('rank.none') }]}
          className="sm:w-56"
        />
        <PendingButton
          onClick={() => void apply()}
          disabled={selected.size === 0}
          pending={setPlayersRank.isPending}
        >
          {t('rank.apply')}
        </PendingButton>
        <Button variant="outline" onClick={onSelectAll}>
          {t('rank.selectAll')}
        </Button>
        <Button variant="ghost" onClick={onClear} disabled={selected.size === 0}>
          {t('rank.clear')}
        </Button>
      </fieldset>
    </div>
  )
}
