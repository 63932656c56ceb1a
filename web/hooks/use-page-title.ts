import { useEffect } from 'react'

/** Sets the document title (and meta description when given) for the current page, in the current language. */
export function usePageTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} · LootQueue` : 'LootQueue'
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description)
      document.querySelector('meta[property="og:description"]')?.setAttribute('content', description)
    }
  }, [title, description])
}
