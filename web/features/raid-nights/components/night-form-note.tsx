import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * A note the event form says under the night's times before saving (night-past-note.tsx, night-long-note.tsx):
 * a live region present from the start, so a screen reader hears the note when the times typed bring it.
 * `children` null: nothing said.
 */
export function NightFormNote({
  icon: Icon,
  testId,
  children,
}: {
  icon: LucideIcon
  testId: string
  children: ReactNode
}) {
  return (
    <div role="status" aria-live="polite">
      {children && (
        <p
          className="flex items-start gap-2 rounded-md border border-amber-600/40 bg-amber-500/10 p-2 text-amber-800 text-sm dark:text-amber-300"
          data-testid={testId}
        >
          <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
          {children}
        </p>
      )}
    </div>
  )
}
