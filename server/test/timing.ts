// Time limits that a busy machine cannot break by being busy. Open pages follow a change within a second;
// a test run shares its cores with other work, so a test compares a latency with a baseline measured at the
// same moment on the same machine instead of with a bare wall-clock number.

/** The median duration (ms) of `samples` sequential runs of `run`. */
export async function medianMs(run: () => Promise<unknown>, samples = 7): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(samples / 2)]!
}

/**
 * The limit for a latency whose goal is `goalMs` on an idle machine: the goal, plus 20 round trips of the
 * baseline (a trivial request measured just before). Idle, a round trip costs a millisecond or two and the
 * limit stays close to the goal; loaded, everything slows down together and so does the limit. A real
 * regression (a publish lost, a poll instead of a push, a refetch of everything) still misses it.
 */
export function limitMs(goalMs: number, baselineMs: number): number {
  return goalMs + 20 * baselineMs
}
