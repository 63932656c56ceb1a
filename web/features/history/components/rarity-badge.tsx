import { Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Rarity } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'

// Game-rarity colours, readable on light and dark backgrounds.
const TONES: Record<Rarity, string> = {
  common: 'border-zinc-400/40 bg-zinc-500/10 text-zinc-700 dark:text-zinc-300',
  uncommon: 'border-green-500/40 bg-green-500/10 text-green-700 dark:text-green-300',
  rare: 'border-blue-500/40 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  epic: 'border-purple-500/40 bg-purple-500/10 text-purple-700 dark:text-purple-300',
  legendary: 'border-amber-500/50 bg-amber-500/15 text-amber-700 dark:text-amber-300',
}

export function RarityBadge({ rarity }: { rarity: Rarity | null }) {
  const { t } = useTranslation('history')
  if (!rarity) return <span className="text-muted-foreground">{t('rarity.none')}</span>
  return (
    <Badge variant="outline" className={cn(TONES[rarity])}>
      {rarity === 'legendary' && <Crown data-testid="legendary-icon" aria-hidden />}
      {t(`rarity.${rarity}`)}
    </Badge>
  )
}
