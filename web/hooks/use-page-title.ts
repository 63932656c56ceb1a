import { createContext, createElement, type ReactNode, useContext, useEffect } from 'react'

/** What a page says about itself in <head>: filled while the server renders it (web/entry-server.tsx). */
export type PageHead = { title?: string; description?: string }

const PageHeadContext = createContext<PageHead | undefined>(undefined)

export function PageHeadProvider({ value, children }: { value?: PageHead; children: ReactNode }) {
  return createElement(PageHeadContext.Provider, { value }, children)
}

export const documentTitle = (title: string) => (title ? `${title} · LootQueue` : 'LootQueue')

/** Sets the document title (and meta description when given) for the current page, in the current language. */
export function usePageTitle(title: string, description?: string) {
  const head = useContext(PageHeadContext)
  if (head) {
    // On the server: the page's <head> is written from what its components say (the same texts).
    head.title = documentTitle(title)
    if (description) head.description = description
  }
  useEffect(() => {
    document.title = documentTitle(title)
    if (description) {
      for (const selector of ['meta[name="description"]', 'meta[property="og:description"]'])
        document.querySelector(selector)?.setAttribute('content', description)
    }
  }, [title, description])
}
