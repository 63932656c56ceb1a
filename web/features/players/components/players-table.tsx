import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Player } from '@contract/players'
import { type DataColumn, DataTable } from '@web/components/data-table'
import { dateColumn, nameColumn } from '@web/components/table-columns'
import { EditDeleteButtons } from '@web/components/edit-delete-buttons'
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
  const selection: DataColumn<Player>[] = ranks
    ? [
        {
          label: t('columns.select'),
          className: 'w-10',
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
    ? [{ label: t('columns.rank'), cell: (player) => ranks.nameOf(player) ?? <EmptyValue /> }]
    : []
  return (
    <DataTable
      label={caption}
      rows={players}
      columns={[
        ...selection,
        nameColumn(t('columns.name'), (player: Player) => (
          <>
            <Link
              to={`/dashboard/players/${player.id}`}
              title={t('actions.standing', { name: player.name })}
              className="block max-w-48 truncate underline-offset-4 hover:underline sm:max-w-none"
            >
              {player.name}
            </Link>
            {player.notes && (
              <div className="max-w-48 truncate text-xs text-muted-foreground md:hidden">{player.notes}</div>
            )}
          </>
        )),
        {
          label: t('columns.notes'),
          className: 'hidden md:table-cell',
          cellClassName: 'max-w-80 truncate text-muted-foreground',
          cell: (player) => player.notes ?? <EmptyValue />,
        },
        ...rankColumn,
        { label: t('columns.status'), cell: (player) => <PlayerStatusBadge status={player.playerStatus} /> },
        dateColumn(t('columns.createdAt'), (player: Player) => player.createdAt, 'hidden sm:table-cell'),
        {
          label: t('columns.actions'),
          className: 'text-right',
          cellClassName: 'whitespace-nowrap',
          cell: (player) => (
            <EditDeleteButtons
              name={player.name}
              onEdit={() => onEdit(player)}
              onDelete={() => onDelete(player)}
            />
          ),
        },
      ]}
    />
  )
}
