import { readFileSync } from 'node:fs'

/** CPU time counters of the whole machine, in clock ticks: how much was stolen, out of how much. */
export type CpuTimes = { steal: number; total: number }

/**
 * The machine's CPU time so far, and how much of it the hypervisor gave to other machines ("steal", from
 * /proc/stat; null where there is no /proc/stat). On the shared bench machine steal reached a fifth to a
 * third of the time while the bare Hono baseline fell to half its usual figure: the absolute figures
 * (receipts per second, a start's milliseconds) fall with it, and this says when. (The machine also had
 * slow hours with little steal.)
 */
export function cpuTimes(): CpuTimes | null {
  try {
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest time is already in user.
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number)
    if (fields.length < 8 || fields.some(Number.isNaN)) return null
    return { steal: fields[7]!, total: fields.reduce((sum, value) => sum + value, 0) }
  } catch {
    return null
  }
}

/** The share of the CPU time between two readings that was stolen, in percent (null: not known). */
export function stealSince(before: CpuTimes | null, after = cpuTimes()): number | null {
  if (!before || !after || after.total <= before.total) return null
  return ((after.steal - before.steal) / (after.total - before.total)) * 100
}

export const formatSteal = (share: number | null) => (share === null ? 'not known' : `${share.toFixed(0)} %`)
