import { Skeleton } from '@web/components/ui/skeleton'

/** The player's page while it loads, on the dashboard and on the public site (PlayerStandingView's place). */
export function PlayerStandingSkeleton() {
  return (
    <div className="grid gap-4" aria-busy>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  )
}
