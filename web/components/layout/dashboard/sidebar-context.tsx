import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { useMediaQuery } from '@web/hooks/use-media-query'
import { pageCookies } from '@web/lib/render-request'

// The sidebar's state lives in a cookie for 7 days, Ctrl/Cmd+B toggles it, and under 768 px it becomes a
// sheet that slides over the page (docs/product-rules.md, "Language and look").
export const SIDEBAR_COOKIE = 'sidebar_state'
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7
export const MOBILE_QUERY = '(max-width: 767px)'
export const SIDEBAR_WIDTH = '16rem'
export const SIDEBAR_WIDTH_MOBILE = '18rem'
export const SIDEBAR_WIDTH_COLLAPSED = '3rem'

type SidebarState = {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  open: boolean
  /** Mobile: the sheet is showing. */
  openMobile: boolean
  isMobile: boolean
  setOpenMobile: (open: boolean) => void
  toggle: () => void
}

const SidebarContext = createContext<SidebarState | null>(null)

export function readSidebarCookie(cookie = pageCookies()): boolean {
  const value = cookie
    .split('; ')
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`))
    ?.split('=')[1]
  return value !== 'false'
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY)
  const [open, setOpen] = useState(() => readSidebarCookie())
  const [openMobile, setOpenMobile] = useState(false)

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value)
      return
    }
    setOpen((value) => {
      document.cookie = `${SIDEBAR_COOKIE}=${!value}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`
      return !value
    })
  }, [isMobile])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggle])

  const value = useMemo(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  )
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext)
  if (!state) throw new Error('useSidebar outside SidebarProvider')
  return state
}
