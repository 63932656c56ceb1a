import { lazy, Suspense } from 'react'
import { ItemsPage } from '@web/features/items/components/items-page'
import { PublicRulesDialog } from '@web/features/queues/components/public-rules-dialog'
import { Spinner } from '@web/components/ui/spinner'

// The items page with the queues of its items: two features, composed here (they never import each other).
// The queues tab, with its drag and drop, loads when it is first opened: the page opens on the items tab.
const QueuesTab = lazy(() =>
  import('@web/features/queues/components/queues-tab').then((m) => ({ default: m.QueuesTab })),
)

export function Component() {
  return (
    <ItemsPage
      actions={<PublicRulesDialog />}
      queuesTab={(props) => (
        <Suspense fallback={<Spinner />}>
          <QueuesTab {...props} />
        </Suspense>
      )}
    />
  )
}
