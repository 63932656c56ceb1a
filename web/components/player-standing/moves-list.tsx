import { Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { MoveKind, PlayerMove } from '@contract/player-standing'
import { formatDateTime } from '@web/lib/format'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'
import { Badge } from '@web/components/ui/badge'

/** The actions on one player's entry that an undo names that player for (contract/player-standing.ts, undidFor). */
const UNDONE_FOR_OTHER = [
  'added',
  'received',
  'absent',
  'notInterested',
  'interested',
  'penalized',
  'penaltyRemoved',
] as const
const isUndoneForOther = (kind: MoveKind): kind is (typeof UNDONE_FOR_OTHER)[number] =>
  (UNDONE_FOR_OTHER as readonly MoveKind[]).includes(kind)

/**
 * What moved the player, in words: the action, its item, for a penalty its reason and end, for a pass during
 * a raid night the night and (members only) the player's mark on it as the reason.
 */
export function MovesList({ name, moves }: { name: string; moves: PlayerMove[] }) {
  const { t } = useTranslation('standing')
  if (moves.length === 0) return <p className="text-sm text-muted-foreground">{t('moves.empty')}</p>
  const words = (move: PlayerMove) => {
    if (move.kind === 'penalized') return t('moves.kinds.penalized', { date: formatDateTime(move.until) })
    // Another player's action taken back moved this player's queue back too: the line says whose action it
    // was and what it means for this player, never the action's words, which read as this player's own.
    if (move.kind === 'undone' && move.undid && move.undidFor && isUndoneForOther(move.undid))
      return t(`moves.undoneOfOther.${move.undid}`, { player: move.undidFor, name })
    if (move.kind === 'undone' && move.undid && !move.undidFor) {
      const action = t(`moves.kinds.${move.undid}`, { date: formatDateTime(move.until) })
      return t('moves.kinds.undoneOf', { action })
    }
    if (move.kind === 'undone') return t('moves.kinds.undone')
    if (move.pass) return t(`moves.kinds.${move.kind}`, { night: move.pass.night })
    return t(`moves.kinds.${move.kind}`)
  }
  const reason = (move: PlayerMove) =>
    move.note ?? (move.pass?.attendance ? t(`moves.marks.${move.pass.attendance}`) : null)
  return (
    <ol aria-label={t('moves.listLabel', { name })} className="grid divide-y rounded-lg border">
      {moves.map((move) => (
        <li key={move.id} data-testid="move" className="grid gap-0.5 p-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium wrap-anywhere">{move.itemName}</span>
            <time dateTime={move.at} className="ml-auto text-xs text-muted-foreground">
              {formatDateTime(move.at)}
            </time>
          </div>
          <span>
            {words(move)}
            {/* Taken back later by an undo (an undone award's passes too), as the activity log marks it. */}
            {move.undone && (
              <Badge variant="outline" className="ml-2 font-normal">
                <Undo2 aria-hidden />
                {t('moves.undoneMark')}
              </Badge>
            )}
          </span>
          {reason(move) && (
            <p className="text-xs wrap-anywhere text-muted-foreground">
              <span className="font-medium">{t('moves.reason')}:</span> {reason(move)}
              <OfficersOnlyMark shown={move.notePrivate} />
            </p>
          )}
        </li>
      ))}
    </ol>
  )
}
