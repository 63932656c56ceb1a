import { useCallback, useRef, useState } from 'react'

/**
 * One change at a time from a button: `run` starts `task` unless the previous one is still under way, and
 * then answers `busy` without starting anything. A double click (two clicks before React draws the button
 * disabled, or while a first step such as saving the marks still runs) makes one request, not two.
 * `pending` is true from the first click until the task settles: for the button's disabled state.
 */
export function useSingleFlight() {
  const running = useRef(false)
  const [pending, setPending] = useState(false)
  const run = useCallback(async <T>(task: () => Promise<T>, busy: T): Promise<T> => {
    if (running.current) return busy
    running.current = true
    setPending(true)
    try {
      return await task()
    } finally {
      running.current = false
      setPending(false)
    }
  }, [])
  return { run, pending }
}
