import { queryOptions, useQuery } from '@tanstack/react-query'
import type { BillingStatus } from '@contract/billing'
import { api } from '@web/lib/api-client'

export function getBilling() {
  return api<BillingStatus>('/billing')
}

// Under ['guild']: a subscription change publishes the 'guild' topic, which refetches it (web/lib/realtime.ts).
export const billingQueryOptions = () => queryOptions({ queryKey: ['guild', 'billing'], queryFn: getBilling })

export function useBilling(enabled: boolean) {
  return useQuery({ ...billingQueryOptions(), enabled })
}
