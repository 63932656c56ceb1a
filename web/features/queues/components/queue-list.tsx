import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { type ReactNode, type RefObject, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { QueueEntry } from '@contract/queues'

type Props = {
  entries: QueueEntry[]
  /**
   * A row was picked up (mouse, finger or keyboard): the move its drop makes is of the queue as it was then
   * (web/features/queues/hooks/use-queue-reorder.ts), even when another officer's action re-rendered it since.
   */
  onLift: () => void
  /** The lifted row was put back at its place, or its drag cancelled: no onMove follows. */
  onRelease: () => void
  onMove: (activeId: string, overId: string) => void
  /** The list element: its children are the rows. */
  listRef?: RefObject<HTMLOListElement | null>
  children: ReactNode
}

/** Sortable by pointer and by keyboard (Space to lift, arrows to move, Space to drop, Escape to cancel). */
export function QueueList({ entries, onLift, onRelease, onMove, listRef, children }: Props) {
  const { t } = useTranslation('items')
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  // Whether the lifted row has left its place since it was picked up.
  const moved = useRef(false)

  const describe = (id: UniqueIdentifier) => {
    const index = entries.findIndex((entry) => entry.id === id)
    const entry = entries[index]
    return {
      name: entry?.playerName || t('queue.noName'),
      position: index + 1,
      total: entries.length,
    }
  }

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id))
    else onRelease()
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onLift}
      onDragEnd={onDragEnd}
      onDragCancel={onRelease}
      accessibility={{
        screenReaderInstructions: { draggable: t('dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => {
            moved.current = false
            return t('dnd.start', describe(active.id))
          },
          // dnd-kit reports the lifted row over its own place at once, which would replace the pick-up message
          // (and its how-to) before it is read: say nothing until the row has moved.
          onDragOver: ({ active, over }) => {
            if (!moved.current && over?.id === active.id) return undefined
            moved.current = true
            return over
              ? t('dnd.over', { ...describe(active.id), position: describe(over.id).position })
              : t('dnd.outside', describe(active.id))
          },
          onDragEnd: ({ active, over }) =>
            over
              ? t('dnd.end', { ...describe(active.id), position: describe(over.id).position })
              : t('dnd.cancel', describe(active.id)),
          onDragCancel: ({ active }) => t('dnd.cancel', describe(active.id)),
        },
      }}
    >
      <SortableContext items={entries.map((entry) => entry.id)} strategy={verticalListSortingStrategy}>
        <ol
          ref={listRef}
          // Focus comes here after an undo took its button away and gave back no row (queue-panel.tsx).
          tabIndex={-1}
          className="grid gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={t('queue.listLabel')}
        >
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  )
}
