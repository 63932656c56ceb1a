import { ListPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '@web/components/ui/button'
import { handleError } from '@web/lib/error-handler'
import { useAddToEveryQueue } from '../api/add-to-every-queue'

/**
 * "Add to every queue" on a player's page: a recruit joins every queue in one step instead of an "add" per
 * item (an outside tester, 2026-12-07). The toast says how many queues they joined; the page then reads
 * their queues again. The server refuses a player who is not active (PLAYER_INACTIVE), said as a toast.
 */
export function AddToEveryQueueButton({ playerId }: { playerId: string }) {
  const { t } = useTranslation('players')
  const mutation = useAddToEveryQueue()
  const run = () =>
    mutation.mutate(playerId, {
      onSuccess: ({ added }) => {
        const text = t('everyQueue.added', { count: added })
        if (added === 0) toast.info(text)
        else toast.success(text)
      },
      onError: (error) => handleError(error, t('everyQueue.failed')),
    })
  return (
    <Button
      type="button"
      variant="outline"
      onClick={run}
      disabled={mutation.isPending}
      aria-busy={mutation.isPending}
    >
      <ListPlus aria-hidden />
      {t('everyQueue.action')}
    </Button>
  )
}
