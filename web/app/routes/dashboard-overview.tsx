import { OverviewPage } from '@web/features/overview/components/overview-page'

export function Component() {
  return <OverviewPage />
}
