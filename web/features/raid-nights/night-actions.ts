import type { RaidNight, RaidNightAction, RaidNightStatus } from '@contract/raid-nights'

/**
 * The status actions each status allows, as the server's TRANSITIONS say
 * (server/modules/raid-nights/raid-nights.service.ts): the screen offers only these; the server decides.
 */
export const ACTIONS_FROM: Record<RaidNightStatus, readonly RaidNightAction[]> = {
  active: ['complete', 'cancel', 'archive'],
  completed: ['reopen', 'archive'],
  archived: ['reopen'],
  cancelled: ['reopen', 'archive'],
}

/**
 * The actions asked about first: cancelling (the night then counts for nobody) and completing a night still
 * running (later awards are no longer linked to it). Archive and reopen are undone by each other.
 */
export function needsConfirmation(
  night: Pick<RaidNight, 'phase'>,
  action: RaidNightAction,
): action is 'complete' | 'cancel' {
  return action === 'cancel' || (action === 'complete' && night.phase === 'running')
}

/**
 * Whether "Delete" is offered: a night with awards is never deleted, and its button offers to archive it
 * instead (docs/product-rules.md, "Raid nights"); once it is archived there is nothing left to offer.
 */
export function offersDelete(night: Pick<RaidNight, 'status' | 'awards'>): boolean {
  return night.awards === 0 || night.status !== 'archived'
}
