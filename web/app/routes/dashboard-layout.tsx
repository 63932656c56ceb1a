import { DashboardShell } from '@web/components/layout/dashboard/dashboard-shell'
import { TooltipProvider } from '@web/components/ui/tooltip'

// Tooltips are the dashboard's only (its sidebar's): their provider, and radix's positioning code, load with
// the dashboard instead of every page's entry (issue 45).
export function Component() {
  return (
    <TooltipProvider>
      <DashboardShell />
    </TooltipProvider>
  )
}
