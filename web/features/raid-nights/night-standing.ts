import type { RaidNight } from '@contract/raid-nights'

/**
 * Where a night stands, as a reader is told it in one word: an active night is scheduled (not started),
 * running, or ended without being completed (its hours are over, or a later night started: the server's
 * `phase`, docs/product-rules.md "Raid nights"); any other night is its status. An active night is never
 * shown as "active" beside its phase: "Ativo" with "Encerrado" read as a contradiction.
 */
export type NightStanding = 'scheduled' | 'running' | 'ended' | 'completed' | 'archived' | 'cancelled'

const OF_PHASE = { upcoming: 'scheduled', running: 'running', ended: 'ended' } as const

export function nightStanding(night: Pick<RaidNight, 'status' | 'phase'>): NightStanding {
  return night.status === 'active' ? OF_PHASE[night.phase] : night.status
}
