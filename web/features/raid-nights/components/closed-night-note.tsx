import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { RaidNight } from '@contract/raid-nights'
import { Alert, AlertDescription } from '@web/components/ui/alert'

/**
 * Above a closed night's attendance. A completed or archived night's marks can still be corrected
 * (docs/product-rules.md, "Raid nights"), but the recap completing it sent (server/modules/raid-nights/
 * night-recap.ts) keeps the figures of then. Said before a correction, not after: an officer once changed a
 * mark there, read "Presença salva", and the totals no longer matched the recap the guild had read. Said as
 * a condition: a recap is sent only where the guild announces nights (Discord, a webhook) or members take
 * loot e-mails, and a guild without any read "o resumo já foi enviado" (an outside test, 2026-12-07). A
 * cancelled night's marks are kept but count for nobody's attendance share: an officer filling them in would
 * otherwise expect them on the players' pages.
 */
export function ClosedNightNote({ night }: { night: Pick<RaidNight, 'status'> }) {
  const { t } = useTranslation('events')
  if (night.status === 'active') return null
  return (
    // A note, not an alert: it is part of the page, and a screen reader reads it in its place.
    <Alert variant="warning" role="note" data-testid="closed-night-note">
      <Info className="size-4" aria-hidden />
      <AlertDescription>{t(`attendance.closed.${night.status}`)}</AlertDescription>
    </Alert>
  )
}
