import type { Page } from 'playwright-core'

/**
 * The API as the signed-in browser: its cookies (session and language), sent by Node's fetch (which honours
 * the server's keep-alive timeout, where a reused socket could otherwise be reset under load). Throws on a
 * refusal, with its status and body.
 */
export async function apiAs<T>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const cookie = (await page.context().cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ')
  const res = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: {
      cookie,
      origin: baseURL,
      ...(data === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: data === undefined ? undefined : JSON.stringify(data),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}
