import { ItemsPage } from '@web/features/items/components/items-page'
import { PublicRulesDialog } from '@web/features/queues/components/public-rules-dialog'
import { QueuesTab } from '@web/features/queues/components/queues-tab'

// The items page with the queues of its items: two features, composed here (they never import each other).
export function Component() {
  return <ItemsPage actions={<PublicRulesDialog />} queuesTab={(props) => <QueuesTab {...props} />} />
}
