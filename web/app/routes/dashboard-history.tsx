import { HistoryPage } from '@web/features/history/components/history-page'

export function Component() {
  return <HistoryPage />
}
