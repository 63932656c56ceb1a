import type { Logger } from './logger'

// The one loop of the server's periodic work (the embedded autovacuum, the trigram pending-list merger, the
// raid-night start announcer, the notification loop): a run, then a pause, then the next run. The pause counts from the end of a run, so two runs
// never overlap however long one takes, and a pending run never keeps the process alive.

export type BackgroundWork = {
  /** Stops the loop; resolves once a run under way has finished. */
  stop: () => Promise<void>
}

/** When the loop runs: its first run `firstDelayMs` after the start, then `intervalMs` after each run ends. */
export type RepeatTiming = { firstDelayMs: number; intervalMs: number }

/**
 * `work` handles its own failures (a rejection is swallowed so that the loop goes on). `instead`: the
 * part of the work's `ownTiming` that a caller replaces (tests, with shorter delays).
 */
export function repeatInBackground(
  work: () => Promise<void>,
  ownTiming: RepeatTiming,
  instead: Partial<RepeatTiming> = {},
): BackgroundWork {
  const timing = {
    firstDelayMs: instead.firstDelayMs ?? ownTiming.firstDelayMs,
    intervalMs: instead.intervalMs ?? ownTiming.intervalMs,
  }
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

/** What a loop says of its runs: a failure, and a run that works again after one. */
export type LoopMessages = { failed: string; recovered: string }

/**
 * repeatInBackground for work that fails while something outside is wrong (the database down, a read-only
 * replica): a failure is logged as a warning once, not every round, until a run works again.
 */
export function repeatLoggingFailures(
  logger: Logger,
  messages: LoopMessages,
  work: () => Promise<unknown>,
  ownTiming: RepeatTiming,
  instead: Partial<RepeatTiming> = {},
): BackgroundWork {
  let failing = false
  return repeatInBackground(
    async () => {
      try {
        await work()
        if (failing) logger.info(messages.recovered)
        failing = false
      } catch (error) {
        if (!failing) logger.warn(messages.failed, { error: (error as Error).message })
        failing = true
      }
    },
    ownTiming,
    instead,
  )
}
