import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_PENALTY_DAYS, type PenaltyInput, PenaltySchema } from '@contract/queues'
import { FormDialog } from '@web/components/form-dialog'
import { Input } from '@web/components/ui/input'
import { Textarea } from '@web/components/ui/textarea'
import { FieldError, Label } from '@web/components/ui/label'

type Props = {
  /** The player being penalised, or null when closed. */
  playerName: string | null
  busy: boolean
  onSubmit: (penalty: PenaltyInput) => Promise<boolean>
  onClose: () => void
}

export function PenaltyDialog({ playerName, busy, onSubmit, onClose }: Props) {
  const { t } = useTranslation('items')
  const [days, setDays] = useState(String(DEFAULT_PENALTY_DAYS))
  const [note, setNote] = useState('')
  const open = playerName !== null

  useEffect(() => {
    if (open) {
      setDays(String(DEFAULT_PENALTY_DAYS))
      setNote('')
    }
  }, [open])

  const parsed = PenaltySchema.safeParse({ days: Number(days), note })
  const daysInvalid =
    days.trim() === '' || !Number.isInteger(Number(days)) || Number(days) < 1 || Number(days) > 365

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('penalty.title')}
      description={t('penalty.description', { name: playerName ?? '' })}
      onSubmit={(event) => {
        event.preventDefault()
        if (parsed.success) void onSubmit(parsed.data).then((done) => done && onClose())
      }}
      submitLabel={t('penalty.submit')}
      destructive
      pending={busy}
      submitDisabled={!parsed.success}
    >
      <div className="grid gap-2">
        <Label htmlFor="penalty-days">{t('penalty.days')}</Label>
        <Input
          id="penalty-days"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          value={days}
          aria-invalid={daysInvalid || undefined}
          aria-describedby={daysInvalid ? 'penalty-days-error' : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
        <FieldError id="penalty-days-error">{daysInvalid && t('penalty.daysInvalid')}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="penalty-note">{t('penalty.note')}</Label>
        <Textarea
          id="penalty-note"
          rows={3}
          maxLength={500}
          required
          placeholder={t('penalty.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </FormDialog>
  )
}
