import type { Rank } from '@contract/ranks'
import { Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { cn } from '@web/lib/cn'

type Props = {
  id: string
  /** Shown above the list and its accessible name. */
  label: string
  /** A rank's id, or one of the `extra` choices' values. */
  value: string
  onChange: (value: string) => void
  ranks: readonly Rank[]
  /** Choices before the ranks ("all ranks", "no rank"), in the screen's words. */
  extra: readonly { value: string; label: string }[]
  className?: string
}

/** Chooses one of the guild's ranks, highest first, or one of the screen's extra choices. */
export function RankSelect({ id, label, value, onChange, ranks, extra, className }: Props) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {extra.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
          {ranks.map((rank) => (
            <SelectItem key={rank.id} value={rank.id}>
              {rank.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
