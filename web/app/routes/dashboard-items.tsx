import { Suspense } from 'react'
import { ItemsPage } from '@web/features/items/components/items-page'
import { PublicRulesDialog } from '@web/features/queues/components/public-rules-dialog'
import { Spinner } from '@web/components/ui/spinner'
import { lazyPart } from '@web/lib/lazy-part'

// The items page with the queues of its items: two features, composed here (they never import each other).
// The queues tab, with its drag and drop, loads when it is first opened: the page opens on the items tab.
// A page the server drew on the queues tab has it loaded before hydrating (web/lib/lazy-part.tsx).
const QueuesTab = lazyPart('queues-tab', () =>
  import('@web/features/queues/components/queues-tab').then((m) => m.QueuesTab),
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
