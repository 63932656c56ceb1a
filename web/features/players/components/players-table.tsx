import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Player } from '@contract/players'
import { type DataColumn, DataTable } from '@web/components/data-table'
import { dateColumn, nameColumn } from '@web/components/table-columns'
import { Pencil, Trash2 } from 'lucide-react'
import { RowActions } from '@web/components/row-actions'
import { EmptyValue } from '@web/components/ui/empty-value'
import { PlayerStatusBadge } from './player-status-badge'

/** The guild's ranks, for a guild that has some: the rank column, and the boxes that select players. */
export type RankColumn = {
  nameOf: (player: Player) => string | undefined
  selected: ReadonlySet<string>
  toggle: (player: Player) => void
}

type Props = {
  players: Player[]
  caption: string
  onEdit: (player: Player) => void
  onDelete: (player: Player) => void
  ranks?: RankColumn
}

export function PlayersTable({ players, caption, onEdit, onDelete, ranks }: Props) {
  const { t } = useTranslation('players')
  const { t: tc } = useTranslation('common')
  const selection: DataColumn<Player>[] = ranks
    ? [
        {
          label: t('columns.select'),
          // As wide as its checkbox on a phone, where the heading's word pushed the row's actions off screen.
          labelHidden: true,
          className: 'w-8',
          cell: (player) => (
            <input
              type="checkbox"
              className="size-4 accent-primary"
              aria-label={t('rank.select', { name: player.name })}
              checked={ranks.selected.has(player.id)}
              onChange={() => ranks.toggle(player)}
            />
          ),
        },
      ]
    : []
  const rankColumn: DataColumn<Player>[] = ranks
    ? [
        {
          label: t('columns.rank'),
          className: 'hidden sm:table-cell',
          cell: (player: Player) => ranks.nameOf(player) ?? <EmptyValue />,
        },
      ]
    : []
  return (
    <DataTable
      label={caption}
      rows={players}
      columns={[
        ...selection,
        nameColumn(t('columns.name'), (player: Player) => (
          <>
            {/* On a phone the name is cut with an ellipsis; from `sm` it wraps (even without a space), so a long
                one never pushes the status, the date and the actions out of view. */}
            <Link
              to={`/dashboard/players/${player.id}`}
              title={t('actions.standing', { name: player.name })}
              className="block max-w-48 truncate underline-offset-4 hover:underline sm:max-w-none sm:whitespace-normal sm:wrap-anywhere"
            >
              {player.name}
            </Link>
            {player.notes && (
              <div className="max-w-48 truncate text-xs text-muted-foreground md:hidden">{player.notes}</div>
            )}
            {/* On a phone the rank and the status move under the name, so the row's actions stay in view; no rank
                is nothing there (a lone dash under every unranked name was noise), the rank column says it. */}
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs font-normal text-muted-foreground sm:hidden">
              {ranks?.nameOf(player) && <span>{ranks.nameOf(player)}</span>}
              <PlayerStatusBadge status={player.playerStatus} />
            </div>
          </>
        )),
        {
          label: t('columns.notes'),
          className: 'hidden md:table-cell',
          cellClassName: 'max-w-80 truncate text-muted-foreground',
          cell: (player) => player.notes ?? <EmptyValue />,
        },
        ...rankColumn,
        {
          label: t('columns.status'),
          className: 'hidden sm:table-cell',
          cell: (player) => <PlayerStatusBadge status={player.playerStatus} />,
        },
        dateColumn(t('columns.createdAt'), (player: Player) => player.createdAt, 'hidden sm:table-cell'),
        {
          label: t('columns.actions'),
          className: 'text-right',
          cellClassName: 'whitespace-nowrap',
          cell: (player) => (
            <RowActions
              menuLabel={tc('actionsNamed', { name: player.name })}
              actions={[
                {
                  icon: Pencil,
                  label: tc('editNamed', { name: player.name }),
                  hint: tc('edit'),
                  onSelect: () => onEdit(player),
                },
                {
                  icon: Trash2,
                  destructive: true,
                  label: tc('deleteNamed', { name: player.name }),
                  hint: tc('delete'),
                  onSelect: () => onDelete(player),
                },
              ]}
            />
          ),
        },
      ]}
    />
  )
}
