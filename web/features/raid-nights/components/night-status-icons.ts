import { Archive, ArchiveRestore, CheckCircle2, type LucideIcon, XCircle } from 'lucide-react'
import type { RaidNightAction } from '@contract/raid-nights'

/** One icon per status action, on the list's menu and the night's page alike. */
export const ACTION_ICON: Record<RaidNightAction, LucideIcon> = {
  complete: CheckCircle2,
  archive: Archive,
  reopen: ArchiveRestore,
  cancel: XCircle,
}
