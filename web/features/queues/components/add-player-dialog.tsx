import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Player } from '@contract/players'
import { FormDialog } from '@web/components/form-dialog'
import { Label } from '@web/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select'
import { type NoPlayers, NoPlayersNote } from './no-players'

type Props = {
  open: boolean
  itemName: string
  /** Active players not yet in this queue (docs/product-rules.md, "Players"). */
  candidates: Player[]
  /** Set when the guild has no player, or none active: nobody could join any queue. */
  noPlayers?: NoPlayers | null
  busy: boolean
  onSubmit: (player: Player) => Promise<boolean>
  onClose: () => void
}

export function AddPlayerDialog({ open, itemName, candidates, noPlayers, busy, onSubmit, onClose }: Props) {
  const { t } = useTranslation('items')
  const [playerId, setPlayerId] = useState('')
  const chosen = candidates.find((player) => player.id === playerId)

  useEffect(() => {
    if (open) setPlayerId('')
  }, [open])

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('addPlayer.title')}
      description={t('addPlayer.description', { item: itemName })}
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen) void onSubmit(chosen).then((done) => done && onClose())
      }}
      submitLabel={t('addPlayer.submit')}
      pending={busy}
      submitDisabled={!chosen}
    >
      {noPlayers ? (
        <NoPlayersNote kind={noPlayers} />
      ) : candidates.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          {t('addPlayer.noneAvailable')}
        </p>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="queue-add-player">{t('addPlayer.player')}</Label>
          <Select value={playerId} onValueChange={setPlayerId}>
            <SelectTrigger id="queue-add-player">
              <SelectValue placeholder={t('addPlayer.placeholder')} />
            </SelectTrigger>
            <SelectContent>
              {candidates.map((player) => (
                <SelectItem key={player.id} value={player.id}>
                  {player.name || t('queue.noName')}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </FormDialog>
  )
}
