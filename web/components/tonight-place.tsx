import { useTranslation } from 'react-i18next'
import { ATTENDANCE_TONE, TONIGHT_TONE } from '@web/components/attendance-tones'
import { Badge } from '@web/components/ui/badge'

/**
 * During a raid night, a player's tag in a queue: their place among who is here ("#3 tonight", counted by
 * contract/next-in-line.ts tonightPlaces), or "not here tonight" (never why). The same tag on the public
 * queue's rows and on a player's page, so both say the same.
 */
export function TonightPlace({ place }: { place: number | null }) {
  const { t } = useTranslation('common')
  if (place === null)
    return (
      <Badge variant="outline" className={ATTENDANCE_TONE.not_interested}>
        {t('tonight.away')}
      </Badge>
    )
  return (
    <Badge variant="outline" className={TONIGHT_TONE} aria-label={t('tonight.placeLabel', { place })}>
      {t('tonight.place', { place })}
    </Badge>
  )
}
