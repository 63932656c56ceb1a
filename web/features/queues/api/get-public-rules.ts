import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@web/lib/api-client'

export async function getPublicRules(): Promise<string | null> {
  const { publicRules } = await api<{ publicRules: string | null }>('/public-rules')
  return publicRules
}

export const publicRulesQueryOptions = () =>
  queryOptions({ queryKey: ['guild', 'public-rules'], queryFn: getPublicRules })

export function usePublicRules(enabled: boolean) {
  return useQuery({ ...publicRulesQueryOptions(), enabled })
}
