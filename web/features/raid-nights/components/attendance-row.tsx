import { type KeyboardEvent, memo } from 'react'
import { useTranslation } from 'react-i18next'
import type { AttendanceRow } from '@contract/raid-nights'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'
import { keyOf, MARK_OPTIONS } from '../attendance-marks'
import type { Mark } from '../hooks/use-attendance-marks'
import { MARK_TONE } from './night-badges'

type Props = {
  row: AttendanceRow
  index: number
  onMark: (playerId: string, status: Mark) => void
  /** The editor's keys (rows, options, digits): the radios' own arrow keys are replaced by them. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>, index: number, row: AttendanceRow) => void
  register: (index: number, element: HTMLElement | null) => void
}

/**
 * One player's mark as a group of radio buttons named by the player: the five marks and "not marked", one tab
 * stop (the chosen option), each option showing the digit that chooses it.
 */
export const AttendanceRowView = memo(function AttendanceRowView(props: Props) {
  const { row, index, onMark, onKeyDown, register } = props
  const { t } = useTranslation('events')
  return (
    <li className="border-b py-2 last:border-b-0">
      {/* min-w-0: a fieldset is as wide as its content by default, and a long name pushed the page sideways. */}
      <fieldset
        ref={(element) => register(index, element)}
        onKeyDown={(event) => onKeyDown(event, index, row)}
        className="flex min-w-0 flex-col gap-2 md:flex-row md:items-center md:gap-4"
      >
        <legend className="float-left flex min-w-0 items-center gap-2 font-medium md:w-48 md:shrink-0">
          <span className="truncate">{row.playerName}</span>
          {row.playerStatus !== 'active' && (
            <Badge variant="outline" className="font-normal">
              {t(`attendance.${row.playerStatus}`)}
            </Badge>
          )}
        </legend>
        <div className="flex flex-wrap gap-1">
          {MARK_OPTIONS.map((mark) => {
            const checked = row.status === mark
            const key = mark ?? 'none'
            return (
              <label
                key={key}
                className={cn(
                  'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border px-2.5 text-xs font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-1 has-[:focus-visible]:ring-offset-background',
                  checked
                    ? cn(MARK_TONE[key], 'border-current font-semibold')
                    : 'border-input bg-background text-foreground hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`attendance-${row.playerId}`}
                  value={key}
                  checked={checked}
                  aria-keyshortcuts={String(keyOf(mark))}
                  onChange={() => onMark(row.playerId, mark)}
                />
                <span aria-hidden data-key-digit className="font-mono text-[0.7rem]">
                  {keyOf(mark)}
                </span>
                {t(`marks.${key}`)}
              </label>
            )
          })}
        </div>
      </fieldset>
    </li>
  )
})
