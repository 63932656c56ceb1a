import { useTranslation } from 'react-i18next'
import type { PlayerMove } from '@contract/player-standing'
import { formatDate, formatDateTime } from '@web/lib/format'

/** What moved the player, in words: the action, its item, and for a penalty its reason and end. */
export function MovesList({ name, moves }: { name: string; moves: PlayerMove[] }) {
  const { t } = useTranslation('standing')
  if (moves.length === 0) return <p className="text-sm text-muted-foreground">{t('moves.empty')}</p>
  const words = (move: PlayerMove) => {
    if (move.kind === 'penalized') return t('moves.kinds.penalized', { date: formatDate(move.until) })
    if (move.kind === 'undone' && move.undid) {
      const action = t(`moves.kinds.${move.undid}`, { date: formatDate(move.until) })
      return t('moves.kinds.undoneOf', { action })
    }
    return t(`moves.kinds.${move.kind}`)
  }
  return (
    <ol aria-label={t('moves.listLabel', { name })} className="grid divide-y rounded-lg border">
      {moves.map((move) => (
        <li key={move.id} data-testid="move" className="grid gap-0.5 p-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium break-words">{move.itemName}</span>
            <time dateTime={move.at} className="ml-auto text-xs text-muted-foreground">
              {formatDateTime(move.at)}
            </time>
          </div>
          <span>{words(move)}</span>
          {move.note && (
            <p className="text-xs break-words text-muted-foreground">
              <span className="font-medium">{t('moves.reason')}:</span> {move.note}
            </p>
          )}
        </li>
      ))}
    </ol>
  )
}
