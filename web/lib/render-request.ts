// What a component may read of the reader's request: the browser's own, or, while the server renders a
// dashboard page (web/entry-server.tsx), the request's, set synchronously right before that render as its
// language is.

let rendering = { cookies: '', origin: '' }

/** The page's cookies ("a=1; b=2"). */
export function pageCookies(): string {
  return typeof document === 'undefined' ? rendering.cookies : document.cookie
}

/** The page's origin as the reader's browser has it ("https://lootqueue.example"). */
export function pageOrigin(): string {
  return typeof window === 'undefined' ? rendering.origin : window.location.origin
}

export function setRenderRequest(request: { cookies: string; origin: string }) {
  rendering = request
}
