import { type AnchorHTMLAttributes, type MouseEvent, useCallback, useSyncExternalStore } from 'react'

// The part of react-router the public pages use (Link, useSearchParams), over the History API
// (docs/decisions/013-public-page-entry.md). The public entry's build puts this module in place of
// react-router; the app keeps react-router.

const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}
const currentHref = () => window.location.pathname + window.location.search

/** The address shown now (path and query), redrawn on every navigation. */
export function useLocationHref(): string {
  return useSyncExternalStore(subscribe, currentHref)
}

/** Goes to `to` inside the public page without reloading it. */
export function navigate(to: string, { replace = false } = {}) {
  if (replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  notify()
}

/** Addresses the public entry draws; any other leaves for the app with a full load. */
export const isPublicPath = (path: string) => path.startsWith('/guilds/')

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; ref?: React.Ref<HTMLAnchorElement> }

export function Link({ to, onClick, ...props }: LinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    if (event.defaultPrevented || !plain || props.target || !isPublicPath(to)) return
    event.preventDefault()
    navigate(to)
  }
  return <a href={to} onClick={click} {...props} />
}

type ParamsInit = URLSearchParams | ((current: URLSearchParams) => URLSearchParams)

export function useSearchParams() {
  const href = useLocationHref()
  const params = new URLSearchParams(href.includes('?') ? href.slice(href.indexOf('?')) : '')
  const setParams = useCallback((init: ParamsInit, options: { replace?: boolean } = {}) => {
    const current = new URLSearchParams(window.location.search)
    const next = typeof init === 'function' ? init(current) : init
    const query = next.toString()
    navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, { replace: options.replace })
  }, [])
  return [params, setParams] as const
}
