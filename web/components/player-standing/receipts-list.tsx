import { useTranslation } from 'react-i18next'
import type { PlayerReceipt } from '@contract/player-standing'
import { formatDateTime } from '@web/lib/format'
import { RarityBadge } from '@web/components/rarity-badge'
import { OfficersOnlyMark } from '@web/components/officers-only-mark'

export function ReceiptsList({
  name,
  receipts,
  total,
}: {
  name: string
  receipts: PlayerReceipt[]
  /** Null when the guild hides counters from the public: the receipts are not sent either. */
  total: number | null
}) {
  const { t } = useTranslation('standing')
  if (total === null) return <p className="text-sm text-muted-foreground">{t('hidden.received')}</p>
  if (receipts.length === 0) return <p className="text-sm text-muted-foreground">{t('received.empty')}</p>
  return (
    <div className="grid gap-2">
      <ul aria-label={t('received.listLabel', { name })} className="grid divide-y rounded-lg border">
        {receipts.map((receipt) => (
          <li key={receipt.id} className="grid gap-0.5 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-1.5">
              <span className="font-medium wrap-anywhere">{receipt.itemName}</span>
              {receipt.itemRarity && <RarityBadge rarity={receipt.itemRarity} />}
              <time dateTime={receipt.distributedAt} className="ml-auto text-xs text-muted-foreground">
                {formatDateTime(receipt.distributedAt)}
              </time>
            </div>
            {receipt.previousQueuePosition !== null && (
              <span className="text-xs text-muted-foreground">
                {t('received.previousPosition', { position: receipt.previousQueuePosition })}
              </span>
            )}
            {receipt.notes && (
              <p className="text-xs wrap-anywhere whitespace-pre-line">
                {receipt.notes}
                <OfficersOnlyMark shown={receipt.notesPrivate} />
              </p>
            )}
          </li>
        ))}
      </ul>
      {total > receipts.length && (
        <p className="text-xs text-muted-foreground">
          {t('received.shown', { shown: receipts.length, count: total })}
        </p>
      )}
    </div>
  )
}
