import { ArrowDown, ArrowUp, Plus, ShieldHalf } from 'lucide-react'
import { useEffect, useState, lazy } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MAX_RANKS, type Rank } from '@contract/ranks'
import { ConfirmRowDialog, useRowToConfirm } from '@web/components/confirm-row-dialog'
import { EditDeleteButtons } from '@web/components/edit-delete-buttons'
import { IconButton } from '@web/components/icon-button'
import { SectionCard } from '@web/components/section-card'
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert'
import { Button } from '@web/components/ui/button'
import { Skeleton } from '@web/components/ui/skeleton'
import { useAddEditTarget } from '@web/hooks/use-add-edit-target'
import { handleError } from '@web/lib/error-handler'
import { i18n } from '@web/lib/i18n'
import { useRanks } from '@web/lib/ranks'
import { useMe } from '@web/lib/session'
import { useDeleteRank, useReorderRanks } from '../api/rank-writes'
import { RankFirstSetting } from './rank-first-setting'
import { OnceShown } from '@web/components/once-shown'

const RankFormDialog = lazy(() => import('./rank-form-dialog').then((m) => ({ default: m.RankFormDialog })))

type Direction = 'up' | 'down'

/**
 * The guild page's ranks (docs/product-rules.md, "Ranks"): highest first, each with how many players hold it.
 * Admins with Pro create, rename, move up or down (buttons, so the keyboard reorders too) and delete, asked
 * first with how many players lose the rank; members and a guild without Pro read them.
 */
export function RanksCard({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('ranks')
  const ranks = useRanks()
  const { data: me } = useMe()
  const allowed = me?.subscription?.allowed ?? false
  const manages = isAdmin && allowed
  const editing = useAddEditTarget<Rank>()
  const deleting = useRowToConfirm<Rank & { holders: string }>()
  // A rank that items take as minimum: the dialog says which, and that their minimum changes first.
  const blocked = useRowToConfirm<Rank & { items: string }>()
  const deleteRank = useDeleteRank()
  const list = ranks.data ?? []
  const full = list.length >= MAX_RANKS

  return (
    <SectionCard
      icon={<ShieldHalf className="size-5" aria-hidden />}
      title={t('title')}
      description={t('description')}
      action={
        manages && (
          <Button variant="outline" onClick={editing.add} disabled={!ranks.data || full}>
            <Plus aria-hidden />
            {t('add')}
          </Button>
        )
      }
      contentClassName="grid gap-4"
    >
      {isAdmin && !allowed && (
        <Alert variant="warning">
          <AlertTitle>{t('pro.title')}</AlertTitle>
          <AlertDescription className="grid gap-2">
            <p>{t('pro.description')}</p>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to="/dashboard/subscription">{t('pro.cta')}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {ranks.isPending ? (
        <Skeleton className="h-32 w-full" role="status" aria-label={t('loading')} />
      ) : !ranks.data ? (
        <p className="text-muted-foreground text-sm">{t('loadError')}</p>
      ) : list.length === 0 ? (
        // Only those who manage ranks are asked to create them.
        <p className="text-muted-foreground text-sm">{t(manages ? 'empty' : 'emptyReadOnly')}</p>
      ) : (
        <RankList
          ranks={list}
          manages={manages}
          onEdit={editing.edit}
          onDelete={(rank) =>
            rank.minimumOf.count > 0
              ? blocked.ask({ ...rank, items: minimumItemsSaid(rank, t) })
              : deleting.ask({ ...rank, holders: t('delete.holders', { count: rank.playerCount }) })
          }
        />
      )}
      {manages && full && <p className="text-muted-foreground text-sm">{t('limit')}</p>}
      {list.length > 0 && <RankFirstSetting manages={manages} />}
      {!isAdmin && <p className="text-muted-foreground text-sm">{t('readOnly')}</p>}
      <OnceShown shown={editing.target !== null}>
        <RankFormDialog target={editing.target} onClose={editing.close} />
      </OnceShown>
      <ConfirmRowDialog texts="ranks:delete" asking={deleting} action={deleteRank} />
      <ConfirmRowDialog texts="ranks:deleteBlocked" asking={blocked} action={deleteRank} confirmDisabled />
    </SectionCard>
  )
}

/**
 * The items that take `rank` as minimum, in a sentence: all of them, or the first few then how many more (the
 * server's refusal says the same: server/lib/i18n.ts, saidNames).
 */
function minimumItemsSaid(rank: Rank, t: TFunction<'ranks'>) {
  const { count, names } = rank.minimumOf
  if (count > names.length)
    return t('deleteBlocked.andMore', { names: names.join(', '), count: count - names.length })
  return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names)
}

type ListProps = {
  ranks: readonly Rank[]
  manages: boolean
  onEdit: (rank: Rank) => void
  onDelete: (rank: Rank) => void
}

function RankList({ ranks, manages, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation('ranks')
  const reorder = useReorderRanks()
  // After a move, the focus stays on the button pressed (or its neighbour once the rank reaches an end), and
  // a screen reader hears where the rank went.
  const [moved, setMoved] = useState<{ id: string; direction: Direction; to: number } | null>(null)
  const [announcement, setAnnouncement] = useState('')

  // Once the list shows the move (at once: the order is set before the server answers).
  useEffect(() => {
    if (!moved || ranks[moved.to]?.id !== moved.id) return
    const buttons = document.querySelectorAll<HTMLButtonElement>(`[data-rank-id="${moved.id}"] [data-move]`)
    const pressed = [...buttons].find((b) => b.dataset.move === moved.direction)
    // A pressed button disabled by the move is held focusable, aria-disabled (web/components/ui/button.tsx).
    const moves = (button: HTMLButtonElement) => !button.disabled && button.ariaDisabled !== 'true'
    const target = pressed && moves(pressed) ? pressed : [...buttons].find(moves)
    target?.focus()
    setMoved(null)
  }, [moved, ranks])

  const move = (rank: Rank, direction: Direction) => {
    const ids = ranks.map((r) => r.id)
    const from = ids.indexOf(rank.id)
    const to = direction === 'up' ? from - 1 : from + 1
    ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
    setMoved({ id: rank.id, direction, to })
    setAnnouncement(t('move.moved', { name: rank.name, position: to + 1, total: ids.length }))
    reorder.mutate(ids, { onError: (error) => handleError(error, t('move.failed')) })
  }

  return (
    <>
      <ol className="grid divide-y rounded-md border" aria-label={t('title')}>
        {ranks.map((rank, index) => (
          <li key={rank.id} data-rank-id={rank.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="w-16 shrink-0 text-muted-foreground text-xs">
              {t('level', { level: index + 1 })}
            </span>
            <span className="min-w-0 flex-1 truncate font-medium">{rank.name}</span>
            <span className="text-muted-foreground text-sm">{t('holders', { count: rank.playerCount })}</span>
            {manages && (
              <span className="flex items-center">
                <IconButton
                  icon={ArrowUp}
                  data-move="up"
                  label={t('move.upNamed', { name: rank.name })}
                  hint={t('move.up')}
                  disabled={index === 0}
                  onClick={() => move(rank, 'up')}
                />
                <IconButton
                  icon={ArrowDown}
                  data-move="down"
                  label={t('move.downNamed', { name: rank.name })}
                  hint={t('move.down')}
                  disabled={index === ranks.length - 1}
                  onClick={() => move(rank, 'down')}
                />
                <EditDeleteButtons
                  name={rank.name}
                  onEdit={() => onEdit(rank)}
                  onDelete={() => onDelete(rank)}
                />
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  )
}
