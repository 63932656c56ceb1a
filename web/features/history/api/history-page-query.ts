import { keepPreviousData, queryOptions } from '@tanstack/react-query'

/**
 * One page of a history tab (the loot or the activity log): keyed under ['history'], which the 'history'
 * topic refreshes, by tab and params; the page on screen stays while the next one loads, so the table does not
 * flash empty.
 */
export const historyPageQueryOptions = <P, T>(
  tab: 'loot' | 'activity',
  params: P,
  read: (params: P) => Promise<T>,
) =>
  queryOptions({
    queryKey: ['history', tab, params],
    queryFn: () => read(params),
    placeholderData: keepPreviousData,
  })
