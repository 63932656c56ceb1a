import { MessageSquareText } from 'lucide-react'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '@web/components/form-field'
import { OfficersOnlyCheckbox, OfficersOnlyMark } from '@web/components/officers-only-mark'
import { Button } from '@web/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover'
import { Textarea } from '@web/components/ui/textarea'
import { QUEUE_NOTE_MAX } from '@contract/queue-limits'

type Props = {
  itemName: string
  note: string
  onChange: (note: string) => void
  /** The note is for officers only (docs/decisions/019-public-visibility.md). */
  notePrivate: boolean
  onPrivateChange: (notePrivate: boolean) => void
  /** Drops the note and its flag. */
  onClear: () => void
}

/**
 * The quick note of a queue: typed once, it goes with the next action on this item (received, absent, a
 * drag…) into the history, the activity log and the public page, then clears itself. Marked "officers
 * only", it stays on the dashboard.
 *
 * What is typed is kept as it is typed; "Usar nota" (or Enter, Shift+Enter being a line break) closes the
 * popover as a form's submit would, so a keyboard user hears it was taken: the focus goes back to the
 * trigger, now "Editar nota…". A note over the limit is not taken: the field says why and keeps the focus
 * (Escape still leaves, keeping it: the pending line then says no action goes with it).
 */
export function QueueNoteButton({ itemName, note, onChange, notePrivate, onPrivateChange, onClear }: Props) {
  const { t } = useTranslation('items')
  const tc = useTranslation('common').t
  const id = useId()
  const [open, setOpen] = useState(false)
  const [refused, setRefused] = useState(false)
  const box = useRef<HTMLTextAreaElement>(null)
  const hasNote = note.trim().length > 0
  const tooLong = note.length > QUEUE_NOTE_MAX

  const openChanged = (next: boolean) => {
    setOpen(next)
    if (next) setRefused(false)
  }
  const keepNote = () => {
    if (!tooLong) return setOpen(false)
    setRefused(true)
    box.current?.focus()
  }
  const clear = () => {
    onClear()
    setOpen(false)
  }
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter is a line break; an Enter that ends an IME composition only picks the word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    keepNote()
  }

  return (
    <Popover open={open} onOpenChange={openChanged}>
      <PopoverTrigger asChild>
        <Button
          variant={hasNote ? 'secondary' : 'outline'}
          size="sm"
          aria-label={t(hasNote ? 'note.editNamed' : 'note.openNamed', { item: itemName })}
        >
          <MessageSquareText aria-hidden />
          {hasNote ? t('note.edit') : t('note.add')}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="grid gap-3"
        // The caret after the note's last character, not before its first: a note typed earlier and opened
        // again to add to it was written in front of itself (an outside test, 2026-12-07).
        onOpenAutoFocus={(event) => {
          const field = box.current
          if (!field) return
          event.preventDefault()
          field.focus()
          field.setSelectionRange(field.value.length, field.value.length)
        }}
      >
        <Field
          id={`${id}-note`}
          label={t('note.label')}
          hint={`${t('note.hint')} ${t('note.keys')}`}
          error={refused && tooLong ? tc('validation.tooLong', { max: QUEUE_NOTE_MAX }) : undefined}
          limit={{ max: QUEUE_NOTE_MAX, length: note.length }}
        >
          {(aria) => (
            <Textarea
              {...aria}
              ref={box}
              rows={3}
              value={note}
              placeholder={t('note.placeholder')}
              onChange={(event) => onChange(event.target.value)}
              onKeyDown={keyDown}
            />
          )}
        </Field>
        <OfficersOnlyCheckbox id={`${id}-private`} checked={notePrivate} onChange={onPrivateChange} />
        <div className="flex flex-wrap justify-end gap-2">
          {hasNote && (
            <Button variant="outline" size="sm" onClick={clear}>
              {t('note.clear')}
            </Button>
          )}
          <Button size="sm" onClick={keepNote}>
            {t('note.use')}
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  )
}

/**
 * Says, under the queue's header, which note the next action will carry. A note over the limit says so: no
 * action goes with it (useQueueActions). It is removed in one place, the popover beside its text box
 * (QueueNoteButton): a second "Remover a nota" here, an outside tester's report, named the same action twice,
 * and went away with its line, leaving the keyboard on nothing; the popover's gives it back to its trigger.
 */
export function PendingQueueNote({ note, notePrivate }: { note: string; notePrivate: boolean }) {
  const { t } = useTranslation('items')
  if (!note.trim()) return null
  const over = note.length > QUEUE_NOTE_MAX
  return (
    <div className="flex items-start gap-2 rounded-md border border-dashed bg-muted/40 px-3 py-2 text-sm">
      <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="wrap-anywhere">
          <span className="font-medium">{t('note.pending')}</span> {note.trim()}
          <OfficersOnlyMark shown={notePrivate} />
        </p>
        {over && <p className="text-destructive">{t('note.tooLong', { max: QUEUE_NOTE_MAX })}</p>}
      </div>
    </div>
  )
}
