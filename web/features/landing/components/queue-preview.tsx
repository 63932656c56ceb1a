import { Crown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@web/components/ui/badge'
import { cn } from '@web/lib/cn'

type Row = { name: string; received: number; absent: number; state?: 'next' | 'penalized' | 'notInterested' }

// Character names are the same in every language; the item name and labels are translated.
const ROWS: Row[] = [
  { name: 'Aeryn', received: 1, absent: 0, state: 'next' },
  { name: 'Thoradin', received: 1, absent: 1 },
  { name: 'Lyssa', received: 2, absent: 0, state: 'penalized' },
  { name: 'Korvash', received: 0, absent: 0, state: 'notInterested' },
]

/** A drawn-in-HTML example of a queue: no image to download, sharp at any size, translated. */
export function QueuePreview() {
  const { t } = useTranslation('landing')
  return (
    <figure
      aria-label={t('preview.label')}
      className="w-full max-w-md rounded-xl border bg-card p-4 text-card-foreground shadow-lg sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-pretty">{t('preview.item')}</p>
          <p className="text-xs text-muted-foreground">{t('preview.queue')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant="warning">
            <Crown aria-hidden />
            {t('preview.rarity')}
          </Badge>
          <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
            <span className="size-2 rounded-full bg-success" aria-hidden />
            {t('preview.live')}
          </span>
        </div>
      </div>
      <ol className="mt-4 flex flex-col gap-2">
        {ROWS.map((row, index) => (
          <li
            key={row.name}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-2.5',
              row.state === 'next' && 'border-primary/50 bg-primary/5',
              row.state === 'notInterested' && 'opacity-70',
            )}
          >
            <span
              className={cn(
                'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                row.state === 'next' ? 'bg-primary text-primary-foreground' : 'bg-muted',
              )}
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
                {row.name}
                {row.state === 'penalized' && <Badge variant="destructive">{t('preview.penalized')}</Badge>}
                {row.state === 'notInterested' && (
                  <Badge variant="outline">{t('preview.notInterested')}</Badge>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('preview.received', { count: row.received })} ·{' '}
                {t('preview.absent', { count: row.absent })}
              </p>
            </div>
            {row.state === 'next' && (
              <span className="hidden text-xs font-medium text-primary min-[400px]:inline">
                {t('preview.next')}
              </span>
            )}
          </li>
        ))}
      </ol>
    </figure>
  )
}
