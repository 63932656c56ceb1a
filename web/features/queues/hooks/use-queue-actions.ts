import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { AddAllResult, PenaltyInput, QueueChange, QueueEntry, QueueView } from '@contract/queues'
import { QUEUE_NOTE_MAX } from '@contract/queue-limits'
import { ApiError, errorCode } from '@web/lib/api-client'
import { useSingleFlight } from '@web/hooks/use-single-flight'
import { errorMessage, handleError } from '@web/lib/error-handler'
import { addAllToQueue } from '../api/add-all-to-queue'
import { addToQueue } from '../api/add-to-queue'
import { showQueueChange } from '../api/apply-queue-change'
import { markAbsent } from '../api/mark-absent'
import { markReceived } from '../api/mark-received'
import type { TypedNote } from '../api/queue-note-body'
import { removeEntry } from '../api/remove-entry'
import { removePenalty } from '../api/remove-penalty'
import { setPenalty } from '../api/set-penalty'
import { toggleNotInterested } from '../api/toggle-not-interested'
import { undoQueue } from '../api/undo-queue'
import { useQueueReorder } from './use-queue-reorder'
import { useQueueToast } from './use-queue-toast'
import { useUndoText } from './use-undo-text'
import { queueQueryOptions } from '../api/get-queue'

/** An undo the server refused until the member knows the award is in a sent recap: the server's words. */
type RecapQuestion = { version: number | undefined; message: string }

/**
 * The quick notes typed for items' queues and not used yet, by item: the queues tab keeps them while the
 * officer looks at other items (one panel per item, drawn afresh for each), so a note waits for its item's
 * next action however the officer moves between queues (an outside test, 2026-12-07: a note typed before an
 * out-of-turn award that was cancelled was gone after a visit to another queue).
 */
export type PendingNotes = Map<string, { note: string; notePrivate: boolean }>

/**
 * Every queue action of one item: one request at a time, each answered with what it changed in the queue
 * (contract/queue-change.ts), each success toast offering to undo it. A drag that is still waiting is written first, so actions never race it.
 * A quick note typed for the queue goes with its next action (a drag included) and is cleared once that
 * action succeeded. A note longer than the contract takes is kept, but no action goes while it waits: the
 * action is refused here, with a toast saying why (the server would refuse it).
 */
export function useQueueActions(
  itemId: string,
  raidNightId: string | null = null,
  pendingNotes?: PendingNotes,
) {
  const queryClient = useQueryClient()
  const { t } = useTranslation('items')
  const undoText = useUndoText()
  const kept = pendingNotes?.get(itemId)
  const [note, setNoteState] = useState(kept?.note ?? '')
  const noteRef = useRef(kept?.note ?? '')
  // The quick note may be for officers only (docs/decisions/019-public-visibility.md).
  const [notePrivate, setNotePrivateState] = useState(kept?.notePrivate ?? false)
  const notePrivateRef = useRef(kept?.notePrivate ?? false)
  /** The item's note as it is now, kept for when the officer comes back to this item. */
  const keepNote = () => {
    if (!pendingNotes) return
    if (noteRef.current || notePrivateRef.current)
      pendingNotes.set(itemId, { note: noteRef.current, notePrivate: notePrivateRef.current })
    else pendingNotes.delete(itemId)
  }
  const setNote = (value: string) => {
    noteRef.current = value
    setNoteState(value)
    keepNote()
  }
  const setNotePrivate = (value: boolean) => {
    notePrivateRef.current = value
    setNotePrivateState(value)
    keepNote()
  }
  const currentNote = (): TypedNote | null => {
    const text = noteRef.current.trim()
    return text ? { note: text, notePrivate: notePrivateRef.current } : null
  }
  /** The note is too long to go with an action: says so (once per item, a toast) and the action is not sent. */
  const noteOverLimit = () => {
    if (noteRef.current.length <= QUEUE_NOTE_MAX) return false
    toast.error(t('note.tooLong', { max: QUEUE_NOTE_MAX }), { id: `queue-note-${itemId}` })
    return true
  }
  /** The note went with an action: clear it (and its flag), unless it was edited meanwhile. */
  const noteUsed = (used: TypedNote | null) => {
    if (used !== null && noteRef.current.trim() === used.note) {
      setNote('')
      setNotePrivate(false)
    }
  }
  const reorder = useQueueReorder({
    note: currentNote,
    onWritten: (change, used) => {
      noteUsed(used)
      notify(t('toast.reordered'), change)
    },
  })
  const mutation = useMutation({
    mutationFn: async (op: () => Promise<unknown>) => {
      await reorder.flush()
      return op()
    },
  })

  // One toast per item, naming the earlier actions it replaced while on screen (useQueueToast). It offers undo
  // only when the server says the queue has an action to undo (a no-op leaves none).
  const showToast = useQueueToast()
  function notify(message: string, change: QueueChange, awarded?: string) {
    const forItemId = change.itemId
    showToast(forItemId, message, {
      awarded,
      description: passedText(change),
      // The toast undoes this action: the queue as it left it, not whatever another officer did since.
      // Its button keeps the toast up (sonner would take it away at once, and with it the "undone" toast
      // that replaces it a moment later): the undo's own toast then says it went through, or an error does.
      undo: change.undo
        ? {
            label: t('queue.undo'),
            onClick: (event) => {
              event.preventDefault()
              void undo(forItemId, change.version)
            },
          }
        : undefined,
    })
  }

  /** An award during a raid night: who it passed over, and what the guild's rule did to each. */
  function passedText(change: QueueChange): string | undefined {
    if (!change.passed?.length) return undefined
    const list = change.passed.map((p) =>
      t(p.markedAbsent ? 'tonight.passedAbsent' : 'tonight.passedKept', {
        name: p.playerName || t('queue.noName'),
        mark: t(`tonight.marks.${p.attendance}`),
      }),
    )
    return t('tonight.passed', { list: list.join(', ') })
  }

  function fail(error: unknown) {
    handleError(error, t('toast.errorTitle'))
    // The queue changed under us (another admin, a stale screen): show what is true now.
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
      void queryClient.invalidateQueries({ queryKey: queueQueryOptions(itemId).queryKey })
    }
  }

  // One action at a time: a second click before React draws the buttons disabled (a double click on
  // "Received") is dropped, not sent: it would hand the item out twice.
  const flight = useSingleFlight()

  /**
   * The version of the queue on screen, read when the request leaves (after a waiting drag was written): the
   * server refuses the action (QUEUE_CHANGED) when another officer changed the queue first, and `fail` then
   * shows the queue as it is.
   */
  const shownVersion = () => queryClient.getQueryData<QueueView>(queueQueryOptions(itemId).queryKey)?.version

  /** `message`: its toast; with the player an award gave the item to (the toast names earlier awards). */
  function run(
    op: (note: TypedNote | null) => Promise<QueueChange>,
    message: string | { text: string; awarded: string },
    takesNote = true,
    sendsNote = takesNote,
  ): Promise<boolean> {
    if (sendsNote && noteOverLimit()) return Promise.resolve(false)
    return flight.run(async () => {
      const used = takesNote ? currentNote() : null
      try {
        const change = (await mutation.mutateAsync(() => op(used))) as QueueChange
        showQueueChange(queryClient, change)
        noteUsed(used)
        if (typeof message === 'string') notify(message, change)
        else notify(message.text, change, message.awarded)
        return true
      } catch (error) {
        fail(error)
        return false
      }
    }, false)
  }

  // An award of a completed night is in the recap the guild already got: the server refuses its undo until
  // the member says they know (UNDO_AFTER_RECAP); the panel asks with the server's words, naming the night.
  const [recapQuestion, setRecapQuestion] = useState<RecapQuestion | null>(null)

  /**
   * Undoes the last action of the queue of version `version` (by default the one on screen). True when done;
   * false when refused, or when it waits for the member's answer (recapQuestion).
   */
  function undo(forItemId: string, version?: number, afterRecap = false) {
    return flight.run(async () => {
      // What the screen offered to undo, named in the toast: whose action on which player it took back.
      const shownQueue = () => queryClient.getQueryData<QueueView>(queueQueryOptions(forItemId).queryKey)
      const offered = shownQueue()?.undo
      const asked = version ?? shownQueue()?.version
      try {
        // The screen's version read as the request leaves, after a waiting drag was written (shownVersion).
        const change = (await mutation.mutateAsync(() =>
          undoQueue(forItemId, asked, afterRecap),
        )) as QueueChange
        showQueueChange(queryClient, change)
        // Replaces the action's toast, without an undo button (an undo cannot be undone).
        showToast(forItemId, offered ? undoText(offered, 'done') : t('toast.undone'), { undid: true })
        return true
      } catch (error) {
        if (errorCode(error) === 'UNDO_AFTER_RECAP' && forItemId === itemId) {
          setRecapQuestion({ version: asked, message: errorMessage(error) })
          return false
        }
        fail(error)
        void queryClient.invalidateQueries({ queryKey: queueQueryOptions(forItemId).queryKey })
        return false
      }
    }, false)
  }

  function addAll(ranks?: string[]) {
    return flight.run(async () => {
      try {
        const { added, change } = (await mutation.mutateAsync(() =>
          addAllToQueue(itemId, ranks),
        )) as AddAllResult
        showQueueChange(queryClient, change)
        if (added === 0) toast.info(t('toast.allQueued'))
        else notify(t('toast.addedAll', { count: added }), change)
      } catch (error) {
        fail(error)
      }
    }, undefined)
  }

  const name = (entry: QueueEntry) => entry.playerName || t('queue.noName')
  return {
    isPending: mutation.isPending,
    note,
    setNote,
    notePrivate,
    setNotePrivate,
    lift: reorder.lift,
    release: reorder.release,
    move: (...args: Parameters<typeof reorder.move>) => {
      if (!noteOverLimit()) reorder.move(...args)
    },
    undo: () => undo(itemId),
    recapQuestion,
    /** The member undoes the award anyway, knowing the night's recap lists it. */
    undoAfterRecap: async () => {
      const done = await undo(itemId, recapQuestion?.version, true)
      if (done) setRecapQuestion(null)
      return done
    },
    dismissRecapQuestion: () => setRecapQuestion(null),
    addAll,
    add: (playerId: string, playerName: string) =>
      run(() => addToQueue(itemId, playerId), t('toast.added', { name: playerName }), false),
    received: (entry: QueueEntry) =>
      run((note) => markReceived(entry.id, { note, queueVersion: shownVersion(), raidNightId }), {
        text: t('toast.received', { name: name(entry) }),
        awarded: name(entry),
      }),
    absent: (entry: QueueEntry) =>
      run(
        (note) => markAbsent(entry.id, { note, queueVersion: shownVersion() }),
        t('toast.absent', { name: name(entry) }),
      ),
    toggleNotInterested: (entry: QueueEntry) =>
      run(
        (note) => toggleNotInterested(entry.id, { note, queueVersion: shownVersion() }),
        entry.attendanceStatus === 'not_interested'
          ? t('toast.interested', { name: name(entry) })
          : t('toast.notInterested', { name: name(entry) }),
      ),
    // The penalty's reason is typed in its dialog (prefilled with the quick note, checked there), so it uses
    // up the note without sending it.
    penalize: (entry: QueueEntry, penalty: PenaltyInput) =>
      run(
        () => setPenalty(entry.id, { ...penalty, queueVersion: shownVersion() }),
        t('toast.penalized', { name: name(entry) }),
        true,
        false,
      ),
    // A penalty that has ended is only its reason by now: clearing it says so.
    removePenalty: (entry: QueueEntry) =>
      run(
        (note) => removePenalty(entry.id, { note, queueVersion: shownVersion() }),
        entry.isPenalized ? t('toast.penaltyRemoved') : t('toast.penaltyCleared', { name: name(entry) }),
      ),
    remove: (entry: QueueEntry) =>
      run((n) => removeEntry(entry.id, n), t('toast.removed', { name: name(entry) })),
  }
}
