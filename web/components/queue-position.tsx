import { cn } from '@web/lib/cn'

/** A queue row's place as a round number; the next in line stands out. `label` is read before it. */
export function QueuePosition({
  position,
  isNext,
  label,
}: {
  position: number
  isNext: boolean
  label: string
}) {
  return (
    <span
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
        isNext ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
      )}
    >
      <span className="sr-only">{label} </span>
      {position}
    </span>
  )
}
