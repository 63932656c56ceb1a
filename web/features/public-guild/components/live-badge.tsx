import { useTranslation } from 'react-i18next'
import { Badge } from '@web/components/ui/badge'
import type { StreamStatus } from '@web/lib/realtime'

/** Tells the reader whether the queues on screen follow changes by themselves right now. */
export function LiveBadge({ status }: { status: StreamStatus }) {
  const { t } = useTranslation('public')
  const live = status === 'live'
  // The first connection takes a moment; only a lost one is worth a word.
  if (status === 'connecting') return null
  // The dot pulses for as long as the page is live: only for readers who have not asked for less motion.
  // Only the browser renders this badge, after hydrating: its live look is the outline badge's own and its
  // dot's classes are written out, so it asks nothing of tailwind-merge then (web/lib/cn.ts).
  return (
    <Badge
      variant="outline"
      role="status"
      title={t(live ? 'live.connectedHint' : 'live.reconnectingHint')}
      className={live ? undefined : 'text-muted-foreground'}
      data-live={live}
    >
      <span
        aria-hidden
        className={
          live
            ? 'size-2 rounded-full motion-safe:animate-pulse bg-success'
            : 'size-2 rounded-full bg-muted-foreground'
        }
      />
      {t(live ? 'live.connected' : 'live.reconnecting')}
    </Badge>
  )
}
