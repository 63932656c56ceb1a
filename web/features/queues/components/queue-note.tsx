import { MessageSquareText, X } from 'lucide-react'
import { useId } from 'react'
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
}

/**
 * The quick note of a queue: typed once, it goes with the next action on this item (received, absent, a
 * drag…) into the history, the activity log and the public page, then clears itself. Marked "officers
 * only", it stays on the dashboard.
 */
export function QueueNoteButton({ itemName, note, onChange, notePrivate, onPrivateChange }: Props) {
  const { t } = useTranslation('items')
  const id = useId()
  const hasNote = note.trim().length > 0
  return (
    <Popover>
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
      <PopoverContent>
        <Field
          id={`${id}-note`}
          label={t('note.label')}
          hint={t('note.hint')}
          limit={{ max: QUEUE_NOTE_MAX, length: note.length }}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              value={note}
              placeholder={t('note.placeholder')}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
        <OfficersOnlyCheckbox id={`${id}-private`} checked={notePrivate} onChange={onPrivateChange} />
      </PopoverContent>
    </Popover>
  )
}

/**
 * Says, under the queue's header, which note the next action will carry; it can be dropped here. A note over
 * the limit says so: no action goes with it (useQueueActions).
 */
export function PendingQueueNote({
  note,
  notePrivate,
  onClear,
}: {
  note: string
  notePrivate: boolean
  onClear: () => void
}) {
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
      <Button variant="ghost" size="icon" className="size-6" aria-label={t('note.clear')} onClick={onClear}>
        <X aria-hidden />
      </Button>
    </div>
  )
}
