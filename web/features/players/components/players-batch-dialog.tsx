import { type FormEvent, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { DialogForm, DialogShell } from '@web/components/form-dialog'
import { TextareaField } from '@web/components/form-field'
import { RankSelect } from '@web/components/rank-select'
import { ApiError } from '@web/lib/api-client'
import { useRanks } from '@web/lib/ranks'
import { useCreatePlayers } from '../api/create-players'
import { usePlayers } from '../api/get-players'
import { namesOf, type RosterProblem, rosterProblem } from '../roster-paste'

const NO_RANK = 'none'

type Props = {
  /** The names to start from (a roster pasted into the one-player form), one per line. */
  initialText: string
  onClose: () => void
}

/**
 * Adds a roster at once: one name per line, all active, with one rank or none; all or nothing (the server
 * names every taken or repeated name: PLAYER_NAMES_TAKEN). Mounted while open, so each opening starts afresh.
 */
export function PlayersBatchDialog({ initialText, onClose }: Props) {
  const { t } = useTranslation('players')
  const ranks = useRanks().data ?? []
  const create = useCreatePlayers()
  const [text, setText] = useState(initialText)
  const [rankId, setRankId] = useState(NO_RANK)
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const names = namesOf(text)
  const guildNames = (usePlayers().data ?? []).map((player) => player.name)
  const say = (problem: RosterProblem) => {
    if (problem.kind !== 'names') return t(`batch.problems.${problem.kind}`, problem)
    const { repeated, taken } = problem
    return [
      repeated && t('batch.problems.repeated', { names: repeated }),
      taken && t('batch.problems.taken', { names: taken }),
    ]
      .filter(Boolean)
      .join(' ')
  }

  const refuse = (message: string) => {
    setError(message)
    field.current?.focus()
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = rosterProblem(names, guildNames)
    if (problem) return refuse(say(problem))
    try {
      await create.mutateAsync({ names, rankId: rankId === NO_RANK ? null : rankId })
      toast.success(t('batch.added', { count: names.length }))
      onClose()
    } catch (failure) {
      // The server's refusal, in the reader's language (a name taken meanwhile, a rank deleted meanwhile).
      if (failure instanceof ApiError) refuse(failure.message)
      else toast.error(t('toast.saveError'))
    }
  }

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('batch.title')}
      description={t('batch.description')}
    >
      <DialogForm
        onSubmit={(event) => void onSubmit(event)}
        submitLabel={t('batch.submit', { count: names.length })}
        onCancel={onClose}
        pending={create.isPending}
      >
        <TextareaField
          ref={field}
          id="players-batch-names"
          label={t('batch.names')}
          hint={t('batch.hint', { count: names.length })}
          keepHint
          error={error ?? undefined}
          rows={8}
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setError(null)
          }}
        />
        {ranks.length > 0 && (
          <RankSelect
            id="players-batch-rank"
            label={t('batch.rank')}
            value={rankId}
            onChange={setRankId}
            ranks={ranks}
            extra={[{ value: NO_RANK, label: t('rank.none') }]}
          />
        )}
      </DialogForm>
    </DialogShell>
  )
}
