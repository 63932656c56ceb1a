import { useMutation } from '@tanstack/react-query'
import type { IntegrationTestResult } from '@contract/integrations'
import { api } from '@web/lib/api-client'
import type { IntegrationKind } from '@contract/enums'

export function testIntegration(kind: IntegrationKind) {
  return api<IntegrationTestResult>(`/integrations/${kind}/test`, { method: 'POST' })
}

export function useTestIntegration(kind: IntegrationKind) {
  return useMutation({ mutationFn: () => testIntegration(kind) })
}
