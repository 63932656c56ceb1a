import { useQueryClient } from '@tanstack/react-query'
import { useEventStream, useInvalidationBatcher } from '@web/lib/realtime'
import { publicKey, publicPath } from '../api/get-public-gate'

/**
 * Keeps an open public page in step with the guild: the server announces a topic (and maybe an item id),
 * and the page refetches just what that can change, within a second.
 */
export function usePublicEvents(slug: string, enabled: boolean) {
  const queryClient = useQueryClient()
  const batcher = useInvalidationBatcher()
  const invalidate = (...key: string[]) => batcher.add([...publicKey(slug), ...key])
  const invalidateNow = () => void queryClient.invalidateQueries({ queryKey: publicKey(slug) })
  return useEventStream(enabled ? `/api/v1${publicPath(slug)}/events` : null, {
    onChange: ({ topic, itemId }) => {
      if (topic === 'guild') return invalidate()
      invalidate('view')
      // A player's page shows every queue they are in and their receipts: any change may move them.
      invalidate('player')
      if (topic === 'items' || topic === 'players' || !itemId) invalidate('queue')
      else invalidate('queue', itemId)
    },
    onCatchUp: invalidateNow,
    // Password changed, subscription ended or the 12 h cookie ran out: the gate finds out and shows itself.
    onRevoked: invalidateNow,
  })
}
