import { z } from 'zod'
import { PUBLIC_QUEUE_MODES } from './enums'

// What the public page shows of a guild (issue 42, "Visibility"; docs/product-rules.md, "Public page";
// docs/decisions/019-public-visibility.md). Members read these settings, admins change them, and the server
// applies them to every public answer (server/modules/public/public-visibility.ts): a hidden field is never
// sent, so no browser can show it. The defaults keep the page as it was before the settings existed.

export const PUBLIC_QUEUE_FIRST_MIN = 1
export const PUBLIC_QUEUE_FIRST_MAX = 100
export const DEFAULT_PUBLIC_QUEUE_FIRST = 10

export const PublicVisibilitySchema = z
  .object({
    /** The notes typed with queue actions and awards (the last reason on an entry, the last award's note). */
    showNotes: z.boolean(),
    /** Times received and times absent, and the reasons of penalties. */
    showCounters: z.boolean(),
    /**
     * full: every entry in order; first: the first `queueFirst` entries; own: no order on the queue, each
     * player's own page still says their place. The list of items is always shown.
     */
    queueMode: z.enum(PUBLIC_QUEUE_MODES),
    queueFirst: z.number().int().min(PUBLIC_QUEUE_FIRST_MIN).max(PUBLIC_QUEUE_FIRST_MAX),
    /** A player's attendance share (raid nights) on their public page. */
    showAttendance: z.boolean(),
  })
  .meta({ id: 'PublicVisibility' })
export type PublicVisibility = z.infer<typeof PublicVisibilitySchema>

export const DEFAULT_PUBLIC_VISIBILITY: PublicVisibility = {
  showNotes: true,
  showCounters: true,
  queueMode: 'full',
  queueFirst: DEFAULT_PUBLIC_QUEUE_FIRST,
  showAttendance: true,
}

/** The settings' fields, in the order the audit row lists the changed ones. */
export const PUBLIC_VISIBILITY_FIELDS = [
  'showNotes',
  'showCounters',
  'queueMode',
  'queueFirst',
  'showAttendance',
] as const satisfies readonly (keyof PublicVisibility)[]
