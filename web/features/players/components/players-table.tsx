import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Player } from '@contract/players'
import { DateCell } from '@web/components/date-cell'
import { EditDeleteButtons } from '@web/components/edit-delete-buttons'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { PlayerStatusBadge } from './player-status-badge'

type Props = {
  players: Player[]
  caption: string
  onEdit: (player: Player) => void
  onDelete: (player: Player) => void
}

export function PlayersTable({ players, caption, onEdit, onDelete }: Props) {
  const { t } = useTranslation('players')
  return (
    <Table label={caption}>
      <TableColumns
        columns={[
          t('columns.name'),
          { label: t('columns.notes'), className: 'hidden md:table-cell' },
          t('columns.status'),
          { label: t('columns.createdAt'), className: 'hidden sm:table-cell' },
          { label: t('columns.actions'), className: 'text-right' },
        ]}
      />
      <TableBody>
        {players.map((player) => (
          <TableRow key={player.id}>
            <TableCell className="font-medium">
              <Link
                to={`/dashboard/players/${player.id}`}
                title={t('actions.standing', { name: player.name })}
                className="block max-w-48 truncate underline-offset-4 hover:underline sm:max-w-none"
              >
                {player.name}
              </Link>
              {player.notes && (
                <div className="max-w-48 truncate text-xs text-muted-foreground md:hidden">
                  {player.notes}
                </div>
              )}
            </TableCell>
            <TableCell className="hidden max-w-80 truncate text-muted-foreground md:table-cell">
              {player.notes ?? <EmptyValue />}
            </TableCell>
            <TableCell>
              <PlayerStatusBadge status={player.playerStatus} />
            </TableCell>
            <DateCell at={player.createdAt} className="hidden sm:table-cell" />
            <TableCell className="text-right whitespace-nowrap">
              <EditDeleteButtons
                name={player.name}
                onEdit={() => onEdit(player)}
                onDelete={() => onDelete(player)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
