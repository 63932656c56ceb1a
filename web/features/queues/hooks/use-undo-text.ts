import { useTranslation } from 'react-i18next'
import type { UndoOffer } from '@contract/queues'
import { useMe } from '@web/lib/session'

/**
 * What the queue's undo takes back, in words: the action, its player (or how many "add all" added) and, when
 * another member acted, who. Any officer may undo the last action (docs/product-rules.md, "Queue ordering"),
 * so the header's button and the toast after it say whose action it is ("Desfazer: ausência de Gwendolyn
 * (por Bruno)"); an action without those details (a drag) keeps its short name.
 */
export function useUndoText() {
  const { t } = useTranslation('items')
  const myId = useMe().data?.user.id
  return (undo: UndoOffer, kind: 'button' | 'done') => {
    const fallback = t(`undoAction.${undo.actionType}`, { defaultValue: t('undoAction.fallback') })
    const detailed =
      undo.count !== null
        ? t(`undoWhat.${undo.actionType}`, { count: undo.count, defaultValue: fallback })
        : undo.playerName
          ? t(`undoWhat.${undo.actionType}`, { name: undo.playerName, defaultValue: fallback })
          : fallback
    // "By" only for someone else: a reader's own action needs no name (a write's answer carries none).
    const actor = undo.actorName && undo.actorUserId !== myId ? undo.actorName : null
    const key = kind === 'button' ? 'queue.undoNamed' : 'toast.undoneNamed'
    return actor ? t(`${key}By`, { action: detailed, actor }) : t(key, { action: detailed })
  }
}
