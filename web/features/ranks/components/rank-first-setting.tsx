import { useTranslation } from 'react-i18next'
import { ATTENDANCE_TONE } from '@web/components/attendance-tones'
import { Badge } from '@web/components/ui/badge'
import { Label } from '@web/components/ui/label'
import { Switch } from '@web/components/ui/switch'
import { handleError } from '@web/lib/error-handler'
import { useRankFirst } from '@web/lib/ranks'
import { useSetRankFirst } from '../api/rank-writes'

/**
 * The guild's "rank first" (docs/product-rules.md, "Ranks"): next in line comes from the highest rank present,
 * then the queue's order. Admins with Pro turn it on or off; everyone else sees it, unchangeable. Its state is
 * also said in words beside its name: a switch alone, greyed out for members, did not say whether it was on.
 */
export function RankFirstSetting({ manages }: { manages: boolean }) {
  const { t } = useTranslation('ranks')
  const setting = useRankFirst()
  const write = useSetRankFirst()
  const checked = write.isPending ? write.variables : (setting.data?.rankFirst ?? false)
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="rank-first">{t('rankFirst.label')}</Label>
          {setting.data && (
            // The green of "received" and the muted grey of the standings (one table of tones).
            <Badge
              variant="outline"
              data-testid="rank-first-state"
              className={checked ? ATTENDANCE_TONE.received : ATTENDANCE_TONE.not_interested}
            >
              {t(checked ? 'rankFirst.on' : 'rankFirst.off')}
            </Badge>
          )}
        </div>
        <p id="rank-first-hint" className="text-muted-foreground text-xs">
          {t('rankFirst.hint')}
        </p>
      </div>
      <Switch
        id="rank-first"
        aria-describedby="rank-first-hint"
        checked={checked}
        disabled={!manages || !setting.data || write.isPending}
        onCheckedChange={(value) =>
          write.mutate(value, { onError: (error) => handleError(error, t('rankFirst.failed')) })
        }
      />
    </div>
  )
}
