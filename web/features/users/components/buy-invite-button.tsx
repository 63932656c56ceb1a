import { Loader2, ShoppingCart } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PRICES } from '@contract/plans'
import { Button } from '@web/components/ui/button'
import { formatPrice } from '@web/lib/format'
import { currentLanguage } from '@web/lib/i18n'

type Props = { onBuy: () => void; buying: boolean; variant?: 'default' | 'outline' }

/** One extra invite, at the price of the interface language (contract/plans.ts). */
export function BuyInviteButton({ onBuy, buying, variant = 'outline' }: Props) {
  const { t } = useTranslation('users')
  const price = formatPrice(PRICES[currentLanguage()].extraInvite)
  return (
    <Button variant={variant} onClick={onBuy} disabled={buying} aria-busy={buying || undefined}>
      {buying ? <Loader2 aria-hidden className="animate-spin" /> : <ShoppingCart aria-hidden />}
      {buying ? t('actions.opening') : t('actions.buyInvitePrice', { price })}
    </Button>
  )
}
