import { UserRound } from 'lucide-react'
import { cn } from '@web/lib/cn'
import { initialsOf } from './initials'

/** The initials avatar (custom pictures come later, says the spec); a person icon when there are none. */
export function InitialsAvatar({
  name,
  email,
  className,
}: {
  name: string | null | undefined
  email?: string | null
  className?: string
}) {
  const initials = initialsOf(name, email)
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs',
        className,
      )}
    >
      {initials || <UserRound className="size-1/2" />}
    </span>
  )
}
