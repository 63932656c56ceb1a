import { cn } from '@web/lib/cn'
import { initialsOf } from './initials'

/** The initials avatar (custom pictures come later, says the spec). */
export function InitialsAvatar({
  name,
  email,
  className,
}: {
  name: string | null | undefined
  email?: string | null
  className?: string
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs',
        className,
      )}
    >
      {initialsOf(name, email)}
    </span>
  )
}
