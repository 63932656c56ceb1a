import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'
import { focusPageStart, pageMain } from '@web/lib/focus-place'

/**
 * The root of every route (web/app/routes.tsx): after a change of page in the app (a link followed, a redirect),
 * keyboard focus goes to the new page's start (focusPageStart: its heading, or its main region while it loads).
 * Without it focus stayed on <body> where the followed link had been, a screen reader said nothing of the new
 * page, and the next Tab went on from the old page's spot: on a raid night's page two Tabs reached "Edit", and
 * the attendance digits typed next went into its dialog (an outside keyboard test, 2026-12-07).
 * The first page is left alone (the browser starts it at its top), and so is a change of only the query or the
 * hash, which a screen makes itself (its tabs, filters, the public page's ?item=) and focuses as it sees fit.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    let stop = () => {}
    // A tick later: a menu or a dialog closed by the same click gives focus back to its opener as it goes,
    // which would take it from the new page.
    const timer = setTimeout(() => {
      const main = pageMain()
      if (main) stop = focusPageStart(main)
    })
    return () => {
      clearTimeout(timer)
      stop()
    }
  }, [pathname])
  return <Outlet />
}
