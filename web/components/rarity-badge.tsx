import { Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Rarity } from '@contract/enums'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'

// Game convention colours, readable on both themes: the one table every screen uses.
const TONE: Record<Rarity, string> = {
  common: 'border-zinc-400/40 bg-zinc-500/10 text-zinc-700 dark:text-zinc-300',
  uncommon: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  rare: 'border-sky-500/40 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  epic: 'border-violet-500/40 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  legendary: 'border-amber-500/50 bg-amber-500/15 text-amber-800 dark:text-amber-300',
}

/** An item's rarity; no rarity reads "No rarity" (screens that show nothing then leave the badge out). */
export function RarityBadge({ rarity, className }: { rarity: Rarity | null; className?: string }) {
  const { t } = useTranslation('common')
  if (!rarity) return <span className="text-xs text-muted-foreground">{t('rarity.none')}</span>
  return (
    <Badge variant="outline" className={cn(TONE[rarity], className)}>
      {rarity === 'legendary' && <Crown data-testid="legendary-icon" aria-hidden />}
      {t(`rarity.${rarity}`)}
    </Badge>
  )
}
