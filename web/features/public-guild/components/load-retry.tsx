import { Button } from '@web/components/ui/button'

/**
 * What did not load on the public page, and a button to try again; the toast said why (a raider's phone
 * on a bad connection retries here instead of reloading the page).
 */
export function LoadRetry({
  message,
  retryLabel,
  onRetry,
}: {
  message?: string
  retryLabel: string
  onRetry: () => void
}) {
  return (
    <div className="grid justify-items-center gap-3 py-16 text-center">
      {message && <p className="text-muted-foreground">{message}</p>}
      <Button variant="outline" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  )
}
