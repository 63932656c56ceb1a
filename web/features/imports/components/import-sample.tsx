import { useTranslation } from 'react-i18next'
import type { ImportPreview } from '@contract/imports'
import { EmptyValue } from '@web/components/ui/empty-value'
import { Table, TableBody, TableCell, TableColumns, TableRow } from '@web/components/ui/table'
import { formatDateTime } from '@web/lib/format'

type Sample = ImportPreview['sample']

/** The first records of each kind the import adds, as they will be stored. */
export function ImportSample({ sample }: { sample: Sample }) {
  const { t } = useTranslation(['imports', 'players', 'history'])
  const value = (v: string | null) => v ?? <EmptyValue />
  const tables: { kind: keyof Sample; head: string[]; rows: React.ReactNode[][]; hint?: string }[] = [
    {
      kind: 'players',
      head: [t('preview.name'), t('preview.status'), t('preview.rank')],
      rows: sample.players.map((p) => [p.name, t(`players:status.${p.playerStatus}`), value(p.rankName)]),
    },
    {
      kind: 'items',
      head: [t('preview.name'), t('preview.rarity')],
      rows: sample.items.map((i) => [i.name, i.rarity ? t(`history:rarity.${i.rarity}`) : value(null)]),
    },
    {
      kind: 'queueEntries',
      head: [t('preview.item'), t('preview.player'), t('preview.position')],
      rows: sample.queueEntries.map((q) => [q.itemName, q.playerName, q.position]),
      // The file's position orders the newcomers only: an outside tester's "3" became 21 unexplained.
      hint: t('preview.queuePositionsHint'),
    },
    {
      kind: 'history',
      head: [t('preview.date'), t('preview.item'), t('preview.player')],
      rows: sample.history.map((h) => [formatDateTime(h.distributedAt), h.itemName, h.playerName]),
    },
  ]
  const shown = tables.filter((table) => table.rows.length > 0)
  if (shown.length === 0) return null
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">{t('preview.sample')}</h3>
      {shown.map(({ kind, head, rows, hint }) => {
        const label = t('preview.sampleLabel', { kind: t(`preview.kinds.${kind}`) })
        return (
          <div key={kind} className="grid gap-1">
            {/* The table's caption says the same to screen readers. */}
            <p aria-hidden className="text-xs text-muted-foreground">
              {t(`preview.kinds.${kind}`)}
            </p>
            <Table label={label}>
              <TableColumns columns={head} />
              <TableBody>
                {rows.map((cells, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id and never move.
                  <TableRow key={i}>
                    {cells.map((cell, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row.
                      <TableCell key={j} className="max-w-48 truncate">
                        {cell}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
          </div>
        )
      })}
    </div>
  )
}
