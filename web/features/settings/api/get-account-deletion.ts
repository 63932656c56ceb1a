import { queryOptions } from '@tanstack/react-query'
import type { AccountDeletion } from '@contract/accounts'
import { api } from '@web/lib/api-client'

/**
 * What deleting the account would take with it: the guild too when this is its last active admin. Under the
 * members root: a change of the guild's members (an admin added, demoted, deactivated, removed) can alter it.
 */
export const accountDeletionQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'account-deletion'],
    queryFn: () => api<AccountDeletion>('/me/deletion'),
  })
