import { SubscriptionPage } from '@web/features/subscription/components/subscription-page'

export function Component() {
  return <SubscriptionPage />
}
