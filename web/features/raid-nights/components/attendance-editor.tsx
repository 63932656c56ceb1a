import { ClipboardCheck, SearchX, Users } from 'lucide-react'
import { type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { holdsSearch } from '@contract/names'
import type { AttendanceRow, RaidNightDetail } from '@contract/raid-nights'
import { EmptyState } from '@web/components/layout/empty-state'
import { PageSkipLink } from '@web/components/layout/skip-link'
import { SearchInput } from '@web/components/search-input'
import { SectionCard } from '@web/components/section-card'
import { Label } from '@web/components/ui/label'
import { buttonVariants } from '@web/components/ui/button'
import { MARK_OPTIONS, markOfKey } from '../attendance-marks'
import type { AttendanceMarks, Mark } from '../hooks/use-attendance-marks'
import { AttendanceKeys } from './attendance-keys'
import { AttendanceRowView } from './attendance-row'
import { ClosedNightNote } from './closed-night-note'
import { PrefillButtons } from './prefill-buttons'

const radios = (group: HTMLElement | null | undefined) => [
  ...(group?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []),
]

/**
 * The night's attendance, made to be filled during the first pull: one row per player, the keyboard moves
 * between rows (arrows, Home, End) and marks one and moves down (1–5, 0 clears), a name filter narrows the
 * rows, and every mark is saved as it is typed (`marks`: the page's useAttendanceMarks). A skip link after the
 * dashboard's own (PageSkipLink) takes the keyboard straight to the first row.
 */
export function AttendanceEditor({ night, marks }: { night: RaidNightDetail; marks: AttendanceMarks }) {
  const { t } = useTranslation('events')
  const id = useId()
  const { rows, mark, saving, failed, flush } = marks
  const [touched, setTouched] = useState(false)
  const [filter, setFilter] = useState('')
  const shown = useMemo(() => {
    return rows.filter((row) => holdsSearch(row.playerName, filter))
  }, [rows, filter])

  // The radio groups of the rows shown, by index; read by the key handler without re-creating it.
  const groups = useRef<(HTMLElement | null)[]>([])
  groups.current.length = shown.length
  const register = useCallback((index: number, element: HTMLElement | null) => {
    groups.current[index] = element
  }, [])
  const focusRow = useCallback((index: number) => {
    const last = groups.current.length - 1
    const group = groups.current[Math.max(0, Math.min(index, last))]
    group?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus()
  }, [])

  const markRow = useCallback(
    (playerId: string, status: Mark) => {
      setTouched(true)
      mark(playerId, status)
    },
    [mark],
  )

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, index: number, row: AttendanceRow) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      const move: Record<string, number> = {
        ArrowDown: index + 1,
        ArrowUp: index - 1,
        Home: 0,
        End: groups.current.length - 1,
      }
      const chosen = markOfKey(event.key)
      if (event.key in move) {
        focusRow(move[event.key]!)
      } else if (chosen !== undefined) {
        if (chosen !== row.status) markRow(row.playerId, chosen)
        // The last row keeps the focus, on the option just chosen.
        if (index + 1 < groups.current.length) focusRow(index + 1)
        else radios(groups.current[index])[MARK_OPTIONS.indexOf(chosen)]?.focus()
      } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        // Within the row, as any radio group: the next or previous option, chosen and focused.
        const options = radios(groups.current[index])
        if (options.length === 0) return
        const at = MARK_OPTIONS.indexOf(row.status)
        const next = (at + (event.key === 'ArrowRight' ? 1 : -1) + options.length) % options.length
        markRow(row.playerId, MARK_OPTIONS[next]!)
        options[next]?.focus()
      } else {
        return
      }
      event.preventDefault()
    },
    [focusRow, markRow],
  )

  const hasMarks = rows.some((row) => row.status !== null)
  // The skip link lands where marking starts: the first row shown, or the filter when it hides every row.
  const skipToRows = () => (shown.length > 0 ? focusRow(0) : document.getElementById(`${id}-filter`)?.focus())

  return (
    <SectionCard
      icon={<ClipboardCheck className="size-5" aria-hidden />}
      title={t('attendance.title')}
      description={t('attendance.description')}
      contentClassName="grid grid-cols-1 gap-4"
      action={
        touched && (
          <p className="text-muted-foreground text-sm" role="status" data-testid="attendance-saving">
            {saving ? t('attendance.saving') : failed ? t('attendance.notSaved') : t('attendance.saved')}
          </p>
        )
      }
    >
      <ClosedNightNote night={night} />
      {rows.length === 0 ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState icon={Users} title={t('attendance.empty')} />
          <Link to="/dashboard/players" className={buttonVariants({ variant: 'outline' })}>
            {t('attendance.emptyLink')}
          </Link>
        </div>
      ) : (
        <>
          {/* The grid is filled during the first pull: two Tabs from the top of the page, not twenty-five. */}
          <PageSkipLink target={`${id}-list`} onFollow={skipToRows}>
            {t('attendance.skipTo')}
          </PageSkipLink>
          <PrefillButtons night={night} rows={rows} hasMarks={hasMarks} beforePrefill={flush} />
          <div className="grid gap-1.5 sm:max-w-sm">
            <Label htmlFor={`${id}-filter`}>{t('attendance.filter')}</Label>
            <SearchInput
              id={`${id}-filter`}
              value={filter}
              placeholder={t('attendance.filterPlaceholder')}
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || event.key === 'Enter') {
                  event.preventDefault()
                  focusRow(0)
                }
              }}
            />
          </div>
          <AttendanceKeys id={`${id}-keys`} />
          {shown.length === 0 ? (
            <EmptyState icon={SearchX} title={t('attendance.noMatch')} />
          ) : (
            <ul
              id={`${id}-list`}
              aria-label={t('attendance.listLabel')}
              aria-describedby={`${id}-keys`}
              data-keys-list
              className="grid grid-cols-1"
            >
              {shown.map((row, index) => (
                <AttendanceRowView
                  key={row.playerId}
                  row={row}
                  index={index}
                  onMark={markRow}
                  onKeyDown={onKeyDown}
                  register={register}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </SectionCard>
  )
}
