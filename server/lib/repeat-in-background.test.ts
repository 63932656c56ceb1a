import { expect, it } from 'vitest'
import type { Logger } from './logger'
import { repeatInBackground, repeatLoggingFailures } from './repeat-in-background'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it('runs after the first delay and again after each pause, never two runs at once', async () => {
  let running = 0
  let mostAtOnce = 0
  let runs = 0
  const work = repeatInBackground(
    async () => {
      running++
      mostAtOnce = Math.max(mostAtOnce, running)
      await pause(15) // longer than the interval
      running--
      runs++
    },
    { firstDelayMs: 0, intervalMs: 1 },
  )
  await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(3)
  await work.stop()
  expect(mostAtOnce).toBe(1)
})

it('goes on after a failed run, and stop() waits for the run under way, then runs no more', async () => {
  let calls = 0
  let finished = 0
  const work = repeatInBackground(
    async () => {
      calls++
      if (calls === 1) throw new Error('first run fails')
      await pause(30)
      finished++
    },
    { firstDelayMs: 0, intervalMs: 1 },
  )
  await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
  await work.stop()
  // Every run after the failed one finished before stop() resolved.
  expect(finished).toBe(calls - 1)
  const callsAtStop = calls
  await pause(30)
  expect(calls).toBe(callsAtStop)
})

it('does nothing when stopped before its first delay is over', async () => {
  let calls = 0
  const work = repeatInBackground(
    async () => {
      calls++
    },
    { firstDelayMs: 20, intervalMs: 1 },
  )
  await work.stop()
  await pause(40)
  expect(calls).toBe(0)
})

it('logs a failure that repeats once, then the recovery, then a new failure again', async () => {
  const lines: string[] = []
  const logger: Logger = {
    debug: () => {},
    info: (msg) => lines.push(`info ${msg}`),
    warn: (msg, fields) => lines.push(`warn ${msg} ${String(fields?.error)}`),
    error: () => {},
  }
  const outcomes = ['fail', 'fail', 'fail', 'ok', 'ok', 'fail']
  let calls = 0
  const work = repeatLoggingFailures(
    logger,
    { failed: 'not done', recovered: 'done again' },
    async () => {
      const outcome = outcomes[calls++] ?? 'ok'
      if (outcome === 'fail') throw new Error(`run ${calls}`)
    },
    { firstDelayMs: 0, intervalMs: 1 },
  )
  await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThanOrEqual(outcomes.length + 1)
  await work.stop()
  expect(lines).toEqual(['warn not done run 1', 'info done again', 'warn not done run 6', 'info done again'])
})
