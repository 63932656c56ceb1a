import { useTranslation } from 'react-i18next'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'
import type { StreamStatus } from '@web/lib/realtime'

/** Tells the reader whether the queues on screen follow changes by themselves right now. */
export function LiveBadge({ status }: { status: StreamStatus }) {
  const { t } = useTranslation('public')
  const live = status === 'live'
  // The first connection takes a moment; only a lost one is worth a word.
  if (status === 'connecting') return null
  return (
    <Badge
      variant="outline"
      role="status"
      title={t(live ? 'live.connectedHint' : 'live.reconnectingHint')}
      className={cn('gap-1.5', live ? 'text-foreground' : 'text-muted-foreground')}
      data-live={live}
    >
      <span
        aria-hidden
        className={cn('size-2 rounded-full', live ? 'animate-pulse bg-success' : 'bg-muted-foreground')}
      />
      {t(live ? 'live.connected' : 'live.reconnecting')}
    </Badge>
  )
}
