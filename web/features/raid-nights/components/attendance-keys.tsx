import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NIGHT_ATTENDANCE } from '@contract/enums'

const Key = ({ children }: { children: ReactNode }) => (
  <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-foreground text-xs">{children}</kbd>
)

/**
 * The editor's keys, on screen: read by screen readers as the list's description too. `data-keys-help`: hidden
 * on a touch-only device until a keyboard is used in the list after it (`data-keys-list`; web/app/styles.css).
 */
export function AttendanceKeys({ id }: { id: string }) {
  const { t } = useTranslation('events')
  const digits = NIGHT_ATTENDANCE.map((mark, i) => `${i + 1} ${t(`marks.${mark}`)}`).join(', ')
  return (
    <div
      id={id}
      data-keys-help
      className="grid gap-1 rounded-md border bg-muted/40 p-3 text-muted-foreground text-sm"
    >
      <p className="font-medium text-foreground">{t('attendance.keys.title')}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        <li>
          <Key>↑</Key> <Key>↓</Key> {t('attendance.keys.rows')}
        </li>
        <li>
          <Key>←</Key> <Key>→</Key> {t('attendance.keys.marks')}
        </li>
        <li>
          <Key>1</Key>–<Key>5</Key> {t('attendance.keys.number')} ({digits})
        </li>
        <li>
          <Key>0</Key> {t('attendance.keys.clear')}
        </li>
        <li>
          <Key>{t('attendance.keys.home')}</Key> <Key>{t('attendance.keys.end')}</Key>{' '}
          {t('attendance.keys.ends')}
        </li>
      </ul>
    </div>
  )
}
