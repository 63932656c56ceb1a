import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@web/lib/cn'

/** Past this many characters a note shows its first three lines, and a button for the rest. */
export const LONG_NOTE_CHARS = 180

/**
 * A typed reason or note in a queue row or card: whole while short; longer, its first three lines and "Mostrar
 * mais", so a 500-character penalty reason does not fill a phone's screen (an outside tester's queue rows).
 * `text` is the note alone (its length decides); `children` is what the line shows (a label, the note, a mark).
 */
export function LongNote({
  text,
  className,
  children,
}: {
  text: string
  className?: string
  children: ReactNode
}) {
  const { t } = useTranslation('common')
  const [open, setOpen] = useState(false)
  const id = useId()
  if (text.length <= LONG_NOTE_CHARS) return <p className={className}>{children}</p>
  return (
    <div className="grid justify-items-start">
      <p id={id} className={cn(className, !open && 'line-clamp-3')}>
        {children}
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
        className="min-h-6 text-xs text-muted-foreground underline underline-offset-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
      >
        {open ? t('note.showLess') : t('note.showMore')}
      </button>
    </div>
  )
}
