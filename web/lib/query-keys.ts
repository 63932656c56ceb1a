import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { GuildEventPayload } from '@contract/public'

// Every query key starts with its root: the realtime topic whose changes can alter it (queues, items, players,
// guild, history, members) or a root of its own (overview, me, public, …). Features build the full keys in
// their query-options factories. This table is the one place that says what a change can alter: mutations
// use it after this browser changed something, the event stream (./realtime.ts) when anyone else did.

export type Topic = GuildEventPayload['topic']

export const REFRESH_AFTER: Record<Topic, readonly QueryKey[]> = {
  queues: [['queues'], ['items'], ['overview'], ['history']],
  // The ranks say which items take each as minimum (a rank's delete waits for them: contract/ranks.ts).
  items: [['items'], ['queues'], ['overview'], ['history'], ['players', 'ranks']],
  // Item counts and the summary count active players only, so a player's status changes them too.
  players: [['players'], ['items'], ['queues'], ['overview'], ['history']],
  guild: [['guild'], ['me'], ['history']],
  // A player's page (['queues', 'player', id]) lists receipts: an import may add only those.
  history: [['history'], ['overview'], ['queues', 'player']],
  // The guild page counts the members.
  members: [['members'], ['guild']],
  // A night's marks and status change "tonight" in every queue panel, and its awards' history.
  'raid-nights': [['raid-nights'], ['tonight'], ['history'], ['overview'], ['queues', 'player']],
}

/**
 * After this browser changed `topic`: refetch whatever that can alter. `keep` is a key whose data was just
 * set from the server's answer, so it is not fetched again.
 */
export function refreshAfter(queryClient: QueryClient, topic: Topic, keep?: QueryKey) {
  const kept = keep === undefined ? undefined : hashKey(keep)
  for (const queryKey of REFRESH_AFTER[topic]) {
    void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.queryHash !== kept })
  }
}

/** One item's queue: the queues feature reads it, the items feature drops it when the item is deleted. */
export const queueKey = (itemId: string) => ['queues', itemId] as const
