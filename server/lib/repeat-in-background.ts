// The one loop of the server's periodic housekeeping (the embedded autovacuum, the trigram pending-list
// merger): a run, then a pause, then the next run. The pause counts from the end of a run, so two runs
// never overlap however long one takes, and a pending run never keeps the process alive.

export type BackgroundWork = {
  /** Stops the loop; resolves once a run under way has finished. */
  stop: () => Promise<void>
}

/** `work` handles its own failures (a rejection is swallowed so that the loop goes on). */
export function repeatInBackground(
  work: () => Promise<void>,
  timing: { firstDelayMs: number; intervalMs: number },
): BackgroundWork {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false

  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = work()
        .catch(() => {})
        .finally(() => {
          running = null
        })
      void running.then(() => schedule(timing.intervalMs))
    }, delay)
    timer.unref()
  }
  schedule(timing.firstDelayMs)

  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
