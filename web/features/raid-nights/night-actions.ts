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
 * The actions asked about first: cancelling (the night then counts for nobody), completing a night still
 * running (later awards are no longer linked to it) or not started yet (it will not run at its time), and
 * archiving a night still running (it stops running, like completing it). Archive and reopen are otherwise
 * undone by each other, and an ended night completed is what completing is for.
 */
export function needsConfirmation(
  night: Pick<RaidNight, 'phase'>,
  action: RaidNightAction,
): action is 'complete' | 'cancel' | 'archive' {
  if (action === 'cancel') return true
  if (action === 'complete') return night.phase === 'running' || night.phase === 'upcoming'
  return action === 'archive' && night.phase === 'running'
}

/**
 * Whether "Delete" is offered: a night with awards is never deleted, and its button offers to archive it
 * instead (docs/product-rules.md, "Raid nights"); once it is archived there is nothing left to offer.
 */
export function offersDelete(night: Pick<RaidNight, 'status' | 'awards'>): boolean {
  return night.awards === 0 || night.status !== 'archived'
}
