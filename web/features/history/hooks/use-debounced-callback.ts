import { useEffect, useMemo, useRef } from 'react'

/** `fn` called once `delay` ms have passed without another call; pending calls are dropped on unmount. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delay: number) {
  const latest = useRef(fn)
  latest.current = fn
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return useMemo(
    () => ({
      call: (...args: A) => {
        clearTimeout(timer.current)
        timer.current = setTimeout(() => latest.current(...args), delay)
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delay],
  )
}
