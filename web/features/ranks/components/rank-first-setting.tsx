import { useTranslation } from 'react-i18next'
import { Label } from '@web/components/ui/label'
import { Switch } from '@web/components/ui/switch'
import { handleError } from '@web/lib/error-handler'
import { useRankFirst } from '@web/lib/ranks'
import { useSetRankFirst } from '../api/rank-writes'

/**
 * The guild's "rank first" (docs/product-rules.md, "Ranks"): next in line comes from the highest rank present,
 * then the queue's order. Admins with Pro turn it on or off; everyone else sees it, unchangeable.
 */
export function RankFirstSetting({ manages }: { manages: boolean }) {
  const { t } = useTranslation('ranks')
  const setting = useRankFirst()
  const write = useSetRankFirst()
  const checked = write.isPending ? write.variables : (setting.data?.rankFirst ?? false)
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="rank-first">{t('rankFirst.label')}</Label>
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
