import { DashboardShell } from '@web/components/layout/dashboard/dashboard-shell'

export function Component() {
  return <DashboardShell />
}
