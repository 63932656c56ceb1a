import { ListPlus, Plus, UserX, Users } from 'lucide-react'
import { useState, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import { holdsSearch } from '@contract/names'
import type { Player } from '@contract/players'
import { Button } from '@web/components/ui/button'
import { ConfirmRowDialog, useRowToConfirm } from '@web/components/confirm-row-dialog'
import { SectionCard } from '@web/components/section-card'
import { Skeleton } from '@web/components/ui/skeleton'
import { useAddEditTarget } from '@web/hooks/use-add-edit-target'
import { usePageTitle } from '@web/hooks/use-page-title'
import { errorCode } from '@web/lib/api-client'
import { useDeletePlayer } from '../api/delete-player'
import { usePlayers } from '../api/get-players'
import { PlayersTable, type RankColumn } from './players-table'
import { PlayerSearch, usePlayerSearch } from './player-search'
import { matchesRank, type RankFilter, RankTools } from './rank-tools'
import { useRanks } from '@web/lib/ranks'
import { DashboardPage, ListLoadProblem } from '@web/components/layout/page-states'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { OnceShown } from '@web/components/once-shown'

const PlayerFormDialog = lazy(() =>
  import('./player-form-dialog').then((m) => ({ default: m.PlayerFormDialog })),
)
const PlayersBatchDialog = lazy(() =>
  import('./players-batch-dialog').then((m) => ({ default: m.PlayersBatchDialog })),
)

export function PlayersPage() {
  const { t } = useTranslation('players')
  usePageTitle(t('title'))
  const { data: players, error, isPending, refetch } = usePlayers()
  const editing = useAddEditTarget<Player>()
  const deleting = useRowToConfirm<Player>()
  const deletePlayer = useDeletePlayer()
  // The roster being added at once (its text, one name per line), while that dialog is open.
  const [pastedRoster, setPastedRoster] = useState<string | null>(null)
  const noGuild = errorCode(error) === 'NO_GUILD'

  useErrorToast(noGuild ? null : error, t('toast.loadError'))

  // A guild with ranks gets the rank column, its filter and the selection that changes many players' rank.
  const ranks = useRanks().data ?? []
  const [rankFilter, setRankFilter] = useState<RankFilter>('all')
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  // The name search and the rank filter narrow the list together (docs/product-rules.md, "Screens").
  const nameSearch = usePlayerSearch()
  const rankFiltering = ranks.length > 0 && rankFilter !== 'all'
  const inRank = matchesRank(rankFiltering ? rankFilter : 'all')
  const shown = players?.filter((p) => inRank(p) && holdsSearch(p.name, nameSearch.search)) ?? []
  const rankNames = new Map(ranks.map((rank) => [rank.id, rank.name]))
  const rankColumn: RankColumn | undefined =
    ranks.length > 0
      ? {
          nameOf: (player) => (player.rankId ? rankNames.get(player.rankId) : undefined),
          selected,
          toggle: (player) =>
            setSelected((before) => {
              const next = new Set(before)
              if (!next.delete(player.id)) next.add(player.id)
              return next
            }),
        }
      : undefined

  // Both tables' rows open the same edit and delete dialogs.
  const rowActions = { onEdit: editing.edit, onDelete: deleting.ask, ranks: rankColumn }
  const isExpelled = (p: Player) => p.playerStatus === 'expelled'
  const roster = shown.filter((p) => !isExpelled(p))
  const expelled = shown.filter(isExpelled)
  // While a filter hides players, a count says how many of all are shown: a bare "6" reads as the total.
  const filtering = rankFiltering || nameSearch.searching
  const expelledInAll = players?.filter(isExpelled).length ?? 0
  const countOf = (section: 'roster' | 'expelled', count: number, all: number) =>
    filtering
      ? t(`${section}.filtered`, { shown: count, count: all })
      : t(`${section}.description`, { count })

  // Why the roster shows nobody while a filter is on: the search named, so a typo is seen at once.
  const noMatch = !nameSearch.searching
    ? t('rank.noMatch')
    : t(rankFiltering ? 'search.noMatchInRank' : 'search.noMatch', { search: nameSearch.search.trim() })
  const addFirst = (
    <div className="grid justify-items-center gap-3 py-10 text-center">
      <p className="text-muted-foreground">{t('roster.empty')}</p>
      <Button variant="outline" onClick={editing.add}>
        <Plus aria-hidden />
        {t('add')}
      </Button>
    </div>
  )

  return (
    <DashboardPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        !noGuild && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => setPastedRoster('')}
              disabled={isPending || Boolean(error)}
            >
              <ListPlus aria-hidden />
              {t('addSeveral')}
            </Button>
            <Button onClick={editing.add} disabled={isPending || Boolean(error)}>
              <Plus aria-hidden />
              {t('add')}
            </Button>
          </div>
        )
      }
      width="wide"
    >
      {error ? (
        <ListLoadProblem ns="players" noGuild={noGuild} onRetry={() => void refetch()} />
      ) : (
        <>
          <SectionCard
            icon={<Users className="size-5" aria-hidden />}
            title={t('roster.title')}
            description={countOf('roster', roster.length, (players?.length ?? 0) - expelledInAll)}
          >
            {isPending ? (
              <div className="grid gap-2" role="status" aria-label={t('loading')}>
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : (players?.length ?? 0) > 0 ? (
              <div className="grid gap-4">
                <PlayerSearch
                  value={nameSearch.text}
                  onChange={nameSearch.change}
                  found={nameSearch.searching ? shown.length : null}
                  // The tables of the page are the players'; the roster's comes first, then the expelled.
                  firstResult={() =>
                    document.querySelector<HTMLElement>('table a[href^="/dashboard/players/"]')
                  }
                />
                {ranks.length > 0 && (
                  <RankTools
                    ranks={ranks}
                    filter={rankFilter}
                    onFilter={setRankFilter}
                    selected={selected}
                    onSelectAll={() => setSelected(new Set(shown.map((p) => p.id)))}
                    onClear={() => setSelected(new Set())}
                  />
                )}
                {roster.length > 0 ? (
                  <PlayersTable players={roster} caption={t('roster.title')} {...rowActions} />
                ) : filtering ? (
                  <p className="text-muted-foreground text-sm">{noMatch}</p>
                ) : (
                  addFirst
                )}
              </div>
            ) : (
              addFirst
            )}
          </SectionCard>

          {expelled.length > 0 && (
            <SectionCard
              icon={<UserX className="size-5 text-destructive" aria-hidden />}
              title={t('expelled.title')}
              description={countOf('expelled', expelled.length, expelledInAll)}
            >
              <PlayersTable players={expelled} caption={t('expelled.title')} {...rowActions} />
            </SectionCard>
          )}
        </>
      )}

      <OnceShown shown={editing.target !== null}>
        <PlayerFormDialog
          target={editing.target}
          onClose={editing.close}
          onPasteRoster={(text) => {
            editing.close()
            setPastedRoster(text)
          }}
        />
      </OnceShown>
      {pastedRoster !== null && (
        <PlayersBatchDialog initialText={pastedRoster} onClose={() => setPastedRoster(null)} />
      )}
      <ConfirmRowDialog texts="players:delete" asking={deleting} action={deletePlayer} />
    </DashboardPage>
  )
}
