import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PenaltyInput, PenaltySchema } from '@contract/queues'
import { TextareaField, TextField } from '@web/components/form-field'
import { FormDialog } from '@web/components/form-dialog'
import { OfficersOnlyCheckbox } from '@web/components/officers-only-mark'
import { DEFAULT_PENALTY_DAYS, QUEUE_NOTE_MAX } from '@contract/queue-limits'

type Props = {
  /** The player being penalised, or null when closed. */
  playerName: string | null
  /** The queue's quick note, as the reason to start from. */
  initialNote?: string
  /** The quick note was marked officers only: the reason starts so too. */
  initialNotePrivate?: boolean
  busy: boolean
  onSubmit: (penalty: PenaltyInput) => Promise<boolean>
  onClose: () => void
}

export function PenaltyDialog({
  playerName,
  initialNote = '',
  initialNotePrivate = false,
  busy,
  onSubmit,
  onClose,
}: Props) {
  const { t } = useTranslation('items')
  const tc = useTranslation('common').t
  const [days, setDays] = useState(String(DEFAULT_PENALTY_DAYS))
  const [note, setNote] = useState('')
  const [notePrivate, setNotePrivate] = useState(false)
  // A submit was refused: the reason says why until it is fixed (not before: an empty reason on opening is
  // no mistake yet). The submit stays enabled, so pressing it always answers, as the app's other forms do.
  const [refused, setRefused] = useState(false)
  const daysBox = useRef<HTMLInputElement>(null)
  const noteBox = useRef<HTMLTextAreaElement>(null)
  const open = playerName !== null
  // Read when the dialog opens only: the reason being typed is not overwritten afterwards.
  const startingNote = useRef(initialNote)
  startingNote.current = initialNote
  const startingPrivate = useRef(initialNotePrivate)
  startingPrivate.current = initialNotePrivate

  useEffect(() => {
    if (open) {
      setDays(String(DEFAULT_PENALTY_DAYS))
      setNote(startingNote.current)
      setNotePrivate(startingPrivate.current)
      setRefused(false)
    }
  }, [open])

  // The flag is sent only when set (the server ignores it without a note anyway).
  const parsed = PenaltySchema.safeParse({
    days: Number(days),
    note,
    ...(notePrivate ? { notePrivate: true } : {}),
  })
  const daysInvalid =
    days.trim() === '' || !Number.isInteger(Number(days)) || Number(days) < 1 || Number(days) > 365
  // The reason's refusal, worded by the contract's code for it ('required', 'tooLong', 'controlCharacters').
  const noteIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'note')
  const noteMessage = (code: string) => {
    if (code === 'required') return t('penalty.noteRequired')
    if (code === 'tooLong') return tc('validation.tooLong', { max: QUEUE_NOTE_MAX })
    return t('penalty.noteControlCharacters')
  }
  const noteError = refused && noteIssue ? noteMessage(noteIssue.message) : undefined

  const submit = () => {
    if (parsed.success) {
      void onSubmit(parsed.data).then((done) => done && onClose())
      return
    }
    setRefused(true)
    ;(daysInvalid ? daysBox : noteBox).current?.focus()
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('penalty.title')}
      description={t('penalty.description', { name: playerName ?? '' })}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
      submitLabel={t('penalty.submit')}
      destructive
      pending={busy}
    >
      <TextField
        id="penalty-days"
        label={t('penalty.days')}
        error={daysInvalid ? t('penalty.daysInvalid') : undefined}
        ref={daysBox}
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        step={1}
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
      <TextareaField
        id="penalty-note"
        label={t('penalty.note')}
        rows={3}
        limit={{ max: QUEUE_NOTE_MAX, length: note.length }}
        required
        error={noteError}
        ref={noteBox}
        placeholder={t('penalty.notePlaceholder')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <OfficersOnlyCheckbox id="penalty-note-private" checked={notePrivate} onChange={setNotePrivate} />
    </FormDialog>
  )
}
