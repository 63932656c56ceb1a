import { useTranslation } from 'react-i18next'
import { BILLING_INTERVALS, type BillingInterval } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'
import { planPrice } from '../plan-price'

/** Monthly or yearly, each with its price in the language's currency. Native radios: keyboard for free. */
export function BillingIntervalChoice({
  value,
  onChange,
  disabled,
}: {
  value: BillingInterval
  onChange: (interval: BillingInterval) => void
  disabled?: boolean
}) {
  const { t } = useTranslation('subscription')
  return (
    <fieldset className="@container grid gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{t('plan.interval.legend')}</legend>
      {/* Side by side only where the card leaves each box room for its name, saving and price. */}
      <div className="grid gap-2 @md:grid-cols-2">
        {BILLING_INTERVALS.map((interval) => (
          <label
            key={interval}
            className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name="billing-interval"
              value={interval}
              checked={value === interval}
              onChange={() => onChange(interval)}
              className="size-4 accent-primary"
            />
            {/* The saving beside the interval's name, under it when the box is narrow: never past its edge. */}
            <span className="grid min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium">{t(`plan.interval.${interval}`)}</span>
                {interval === 'year' && <Badge variant="secondary">{t('plan.yearlySaving')}</Badge>}
              </span>
              <span className="text-sm text-muted-foreground">{planPrice(interval, t)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
