import type { LucideIcon } from 'lucide-react'
import { Button, type ButtonProps } from '@web/components/ui/button'
import { cn } from '@web/lib/cn'

type Props = Omit<ButtonProps, 'children' | 'aria-label' | 'title' | 'variant' | 'size'> & {
  icon: LucideIcon
  /** What a screen reader says, naming the row it acts on ("Edit Sword"): the icon alone says nothing. */
  label: string
  /** The short tooltip for the mouse ("Edit"). */
  hint?: string
  /** Deletes or cancels: drawn in the destructive colour. */
  destructive?: boolean
}

/** A button that is only an icon, as in a table row's actions. */
export function IconButton({ icon: Icon, label, hint, destructive, className, ...props }: Props) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn(destructive && 'text-destructive hover:text-destructive', className)}
      aria-label={label}
      title={hint}
      {...props}
    >
      <Icon aria-hidden />
    </Button>
  )
}
