import { UserPlus, Users } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import type { Item } from '@contract/items'
import { nextInLine } from '@contract/next-in-line'
import type { QueueEntry } from '@contract/queues'
import { isHereTonight } from '@contract/raid-nights'
import { Button } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card'
import { Skeleton } from '@web/components/ui/skeleton'
import { useActivePlayers } from '../api/get-active-players'
import { useQueue } from '../api/get-queue'
import { useTonight } from '../api/get-tonight'
import { type PendingNotes, useQueueActions } from '../hooks/use-queue-actions'
import { useSettledRows } from '../hooks/use-settled-rows'
import { useUndoFocus } from '../hooks/use-undo-focus'
import { AddByRankDialog } from './add-by-rank-dialog'
import { AddPlayerDialog } from './add-player-dialog'
import { useNoPlayers } from './no-players'
import { useRanks } from '@web/lib/ranks'
import { ConfirmDialog } from '@web/components/confirm-dialog'
import { PenaltyDialog } from './penalty-dialog'
import { PendingQueueNote, QueueNoteButton } from './queue-note'
import { QueueList } from './queue-list'
import { QueueRow, type QueueRowHandlers } from './queue-row'
import { RarityBadge } from '@web/components/rarity-badge'
import { TonightBanner } from './tonight-banner'
import { UndoButton } from './undo-button'
import { useErrorToast } from '@web/hooks/use-error-toast'
import { useRowRefocus } from '@web/hooks/use-row-refocus'
import { rowInPlace } from '@web/lib/focus-place'
import { queueKey } from '@web/lib/query-keys'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'

const NO_ENTRIES: QueueEntry[] = []

/** `pendingNotes`: the notes of the items' queues the officer typed and has not used yet (useQueueActions). */
export function QueuePanel({ item, pendingNotes }: { item: Item; pendingNotes?: PendingNotes }) {
  const { t } = useTranslation('items')
  const queue = useQueue(item.id)
  const players = useActivePlayers()
  const noPlayers = useNoPlayers()
  const night = useTonight().data
  const actions = useQueueActions(item.id, night?.night?.id ?? null, pendingNotes)
  const clearNote = () => {
    actions.setNote('')
    actions.setNotePrivate(false)
  }
  const [adding, setAdding] = useState(false)
  const [penalizing, setPenalizing] = useState<QueueEntry | null>(null)
  const [removing, setRemoving] = useState<QueueEntry | null>(null)
  // An award to someone the queue does not name next asks first (docs/product-rules.md, "Queue actions").
  const [givingOutOfTurn, setGivingOutOfTurn] = useState<QueueEntry | null>(null)
  // Its row's index when confirmed: the dialog then gives focus to the row now there, as a direct award does
  // (useRowRefocus), not back to the awarded player's button, sent down the queue with its row.
  const outOfTurnPlace = useRef(-1)
  // Who is next, as the rows show it below: read by the memoised handlers when "Received" is pressed.
  const nextRef = useRef<QueueEntry | null>(null)
  // Stable for the memoised rows; each call reaches the latest actions.
  const latest = useRef(actions)
  latest.current = actions
  // Keyboard focus stays in the list when an action moves its row (the hook says how).
  const listRef = useRef<HTMLOListElement>(null)
  const queryClient = useQueryClient()
  const showsLatest =
    !actions.isPending && !queue.isFetching && queue.data === queryClient.getQueryData(queueKey(item.id))
  const track = useRowRefocus(listRef, showsLatest)
  const entries = queue.data?.entries ?? NO_ENTRIES
  // A second tap on the spot of a row that just moved away is not sent to the row now there (the hook says
  // when): it would award the next player.
  const settledRows = useSettledRows(useMemo(() => entries.map((entry) => entry.id), [entries]))
  // A dropped click says so, once however many follow: the officer reads the new name and clicks again.
  const settled = useCallback(
    (entryId: string, click: { detail: number }) => {
      if (settledRows(entryId, click)) return true
      toast.info(t('toast.rowsMoved'), { id: 'rows-moved' })
      return false
    },
    [settledRows, t],
  )
  const handlers = useMemo<QueueRowHandlers>(
    () => ({
      received: (entry, click) => {
        if (!settled(entry.id, click)) return
        const next = nextRef.current
        if (next && next.id !== entry.id) setGivingOutOfTurn(entry)
        else void track(() => latest.current.received(entry))
      },
      absent: (entry, click) => {
        if (settled(entry.id, click)) void track(() => latest.current.absent(entry))
      },
      toggleNotInterested: (entry) => void track(() => latest.current.toggleNotInterested(entry)),
      removePenalty: (entry) => void track(() => latest.current.removePenalty(entry)),
      penalize: setPenalizing,
      remove: setRemoving,
    }),
    [track, settled],
  )

  useErrorToast(queue.error, t('toast.errorTitle'))

  const ranks = useRanks().data ?? []
  const [choosingRanks, setChoosingRanks] = useState(false)
  // Each row says its player's rank once the guild has ranks (from the one ranks query, by level).
  const rankNames = new Map(ranks.map((rank) => [rank.level, rank.name]))
  const rankNameOf = (entry: QueueEntry) =>
    ranks.length === 0
      ? undefined
      : entry.rankLevel === null
        ? null
        : (rankNames.get(entry.rankLevel) ?? null)
  const queued = new Set(entries.map((entry) => entry.playerId))
  const candidates = (players.data ?? []).filter((player) => !queued.has(player.id))
  // Next in line: the first who can receive now, and during a raid night who is here, by rank first when the
  // guild says so (docs/product-rules.md, "Queue ordering", "Raid nights" and "Ranks").
  const markOf = (entry: QueueEntry) =>
    night?.night ? (night.attendance[entry.playerId] ?? null) : undefined
  const name = (entry: QueueEntry | null) => (entry ? entry.playerName || t('queue.noName') : null)
  const mayReceive = (entry: QueueEntry) => !entry.isPenalized && isHereTonight(markOf(entry))
  const rankFirst = queue.data?.rankFirst ?? false
  const next = nextInLine(entries, mayReceive, rankFirst)
  const nextId = next?.id
  nextRef.current = next ?? null
  // With "rank first", the header says it decided who is next, and by which rank: on every item, also where the
  // queue's order gives the same player (an outside tester read one item's header name the player and
  // another's not, and took the second for a different rule).
  const rankFirstText = () => {
    if (!rankFirst || !next || ranks.length === 0) return null
    const rank = rankNameOf(next)
    return rank ? t('queue.rankFirstPicked', { name: name(next) ?? '', rank }) : t('queue.rankFirstOn')
  }
  const rankFirstLine = rankFirstText()

  // Undo from the header takes its button away: focus goes where the hook says; the toast says it was undone.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const undoFromHeader = useUndoFocus({ itemId: item.id, entries, undo: actions.undo, listRef, titleRef })

  const addAll = () => {
    // Skip the request when the roster is known to be in already: it would change nothing
    // (docs/product-rules.md, "Queue ordering").
    if (noPlayers.kind) noPlayers.tell()
    else if (players.data && candidates.length === 0) toast.info(t('toast.allQueued'))
    // A guild with ranks chooses whose players join (docs/product-rules.md, "Ranks").
    else if (ranks.length > 0) setChoosingRanks(true)
    else void actions.addAll()
  }

  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 p-4 sm:p-6">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle
            ref={titleRef}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 text-lg outline-none"
          >
            <span className="min-w-0">{item.name}</span>
            <RarityBadge rarity={item.rarity} />
          </CardTitle>
          <CardDescription>{t('queue.count', { count: entries.length })}</CardDescription>
          {rankFirstLine && <CardDescription>{rankFirstLine}</CardDescription>}
        </div>
        <div className="flex min-w-0 max-w-full flex-wrap gap-2">
          {queue.data?.undo && (
            <UndoButton
              undo={queue.data.undo}
              busy={actions.isPending}
              onUndo={() => void undoFromHeader()}
            />
          )}
          <QueueNoteButton
            itemName={item.name}
            note={actions.note}
            onChange={actions.setNote}
            notePrivate={actions.notePrivate}
            onPrivateChange={actions.setNotePrivate}
            onClear={clearNote}
          />
          <Button variant="outline" size="sm" onClick={() => setAdding(true)} disabled={!queue.data}>
            <UserPlus aria-hidden />
            {t('queue.addPlayer')}
          </Button>
          <Button size="sm" onClick={addAll} disabled={!queue.data || actions.isPending}>
            <Users aria-hidden />
            {t('queue.addAll')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 p-3 pt-0 sm:p-6 sm:pt-0">
        {night?.night && <TonightBanner night={night} entries={entries} />}
        <PendingQueueNote note={actions.note} notePrivate={actions.notePrivate} />
        {queue.isPending ? (
          <div className="grid gap-2" role="status" aria-label={t('queue.loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
            {queue.error ? t('queue.loadError') : t('queue.empty')}
          </p>
        ) : (
          <>
            {/* A full queue where nobody can receive is not an empty one (docs/product-rules.md). */}
            {!nextId && (
              <p role="status" className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
                {t('queue.nobodyCanReceive')}
              </p>
            )}
            <QueueList
              entries={entries}
              onLift={() => actions.lift(item.id)}
              onRelease={actions.release}
              onMove={(activeId, overId) => actions.move(item.id, activeId, overId)}
              listRef={listRef}
            >
              {entries.map((entry) => (
                <QueueRow
                  key={entry.id}
                  entry={entry}
                  isNext={entry.id === nextId}
                  busy={actions.isPending}
                  handlers={handlers}
                  mark={markOf(entry)}
                  rankName={rankNameOf(entry)}
                />
              ))}
            </QueueList>
          </>
        )}
      </CardContent>

      <AddByRankDialog
        open={choosingRanks}
        ranks={ranks}
        onClose={() => setChoosingRanks(false)}
        onAdd={(chosen) => void actions.addAll(chosen)}
      />
      <AddPlayerDialog
        open={adding}
        itemName={item.name}
        candidates={candidates}
        noPlayers={noPlayers.kind}
        busy={actions.isPending}
        onSubmit={(player) => actions.add(player.id, player.name)}
        onClose={() => setAdding(false)}
      />
      <PenaltyDialog
        playerName={name(penalizing)}
        initialNote={actions.note.trim()}
        initialNotePrivate={actions.notePrivate}
        busy={actions.isPending}
        onSubmit={(penalty) => (penalizing ? actions.penalize(penalizing, penalty) : Promise.resolve(false))}
        onClose={() => setPenalizing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('remove.title')}
        description={
          <>
            {t('remove.description', { name: name(removing) ?? '', item: item.name })}
            {actions.note.trim() && (
              <span className="mt-2 block wrap-anywhere">
                {t('remove.note', { note: actions.note.trim() })}
                <OfficersOnlyMark shown={actions.notePrivate} />
              </span>
            )}
          </>
        }
        confirmLabel={t('remove.confirm')}
        busy={actions.isPending}
        onConfirm={() => (removing ? actions.remove(removing) : Promise.resolve(false))}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={givingOutOfTurn !== null}
        title={t('outOfTurn.title')}
        description={
          <>
            {t('outOfTurn.description', {
              next: name(next ?? null) ?? '',
              name: name(givingOutOfTurn) ?? '',
              item: item.name,
            })}
            {actions.note.trim() && (
              <span className="mt-2 block wrap-anywhere">
                {t('outOfTurn.note', { note: actions.note.trim() })}
                <OfficersOnlyMark shown={actions.notePrivate} />
              </span>
            )}
          </>
        }
        confirmLabel={t('outOfTurn.confirm', { name: name(givingOutOfTurn) ?? '' })}
        confirmVariant="default"
        focusConfirm
        busy={actions.isPending}
        onConfirm={() => {
          if (!givingOutOfTurn) return Promise.resolve(false)
          outOfTurnPlace.current = entries.findIndex((entry) => entry.id === givingOutOfTurn.id)
          return latest.current.received(givingOutOfTurn)
        }}
        focusAfterConfirm={() => rowInPlace(listRef.current, outOfTurnPlace.current)}
        onClose={() => setGivingOutOfTurn(null)}
      />
      <ConfirmDialog
        open={actions.recapQuestion !== null}
        title={t('undoAfterRecap.title')}
        description={actions.recapQuestion?.message ?? ''}
        confirmLabel={t('undoAfterRecap.confirm')}
        busy={actions.isPending}
        onConfirm={actions.undoAfterRecap}
        // The undo button is gone once the award is undone: the list keeps the keyboard's place.
        focusAfterConfirm={() => listRef.current}
        onClose={actions.dismissRecapQuestion}
      />
    </Card>
  )
}
