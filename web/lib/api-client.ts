import type { FieldLimit } from '@contract/common'
import type { ApiErrorBody } from '@contract/error-codes'

/** An error answered by the API: `code` is stable, `message` is already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** Of `fields`, those refused as too long: the most each takes. */
    readonly limits?: Record<string, FieldLimit>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The API's error code (NO_GUILD, NOT_FOUND…) of a failed request; null for any other failure. */
export const errorCode = (error: unknown) => (error instanceof ApiError ? error.code : null)

/** The network itself failed (offline, server down). */
export class NetworkError extends Error {
  constructor() {
    super('NETWORK')
    this.name = 'NetworkError'
  }
}

type Options = {
  method?: string
  body?: unknown
  signal?: AbortSignal
  /**
   * The request outlives the page (fetch's keepalive): sent as the page is hidden or closed, it still reaches
   * the server. Browsers take at most 64 KiB of such bodies at once (`KEEPALIVE_BODY_LIMIT`).
   */
  keepalive?: boolean
}

/** What fetch takes of keepalive request bodies at once, in bytes (the Fetch standard's 64 KiB). */
export const KEEPALIVE_BODY_LIMIT = 64 * 1024

/** Whether this browser sends a keepalive request after its page is gone (Firefox before 133 does not). */
export const keepaliveSupported = () => typeof Request !== 'undefined' && 'keepalive' in Request.prototype

const listeners = new Set<(error: ApiError) => void>()
/** The session layer listens here to send a removed or signed-out user back to /auth. */
export function onApiError(listener: (error: ApiError) => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

type Transport = (url: string, init: RequestInit) => Promise<Response>
let transport: Transport = (url, init) => fetch(url, init)

/**
 * Where api() sends its requests: the browser's fetch, or, while the server renders a dashboard page
 * (web/entry-server.tsx), the server's own API answering in-process with the reader's cookie.
 */
export function setApiTransport(next: Transport) {
  transport = next
}

/** The one API client: JSON over fetch, cookies for the session, ApiError on any non-2xx. */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal, keepalive }: Options = {},
): Promise<T> {
  let res: Response
  try {
    res = await transport(`/api/v1${path}`, {
      method,
      signal,
      ...(keepalive ? { keepalive } : {}),
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new NetworkError()
  }
  if (res.status === 204) return undefined as T
  const data = await res.json().catch(() => null)
  if (!res.ok) throw refusal(res.status, res.statusText, data)
  return data as T
}

/** The ApiError of a non-2xx answer, told to every onApiError listener first. */
function refusal(status: number, statusText: string, data: unknown) {
  const err = (data as ApiErrorBody | null)?.error
  const apiError = new ApiError(
    status,
    err?.code ?? 'UNKNOWN',
    err?.message ?? statusText,
    err?.fields,
    err?.limits,
  )
  for (const listener of listeners) listener(apiError)
  return apiError
}

/**
 * A large JSON write with upload progress (fetch reports none): `onProgress` gets the share sent, 0 to 1.
 * Answers and errors exactly as api() does.
 */
export function apiUpload<T>(path: string, body: unknown, onProgress: (sent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/v1${path}`)
    xhr.withCredentials = true
    xhr.setRequestHeader('content-type', 'application/json')
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onerror = () => reject(new NetworkError())
    xhr.onload = () => {
      let data: unknown = null
      try {
        data = JSON.parse(xhr.responseText)
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T)
      reject(refusal(xhr.status, xhr.statusText, data))
    }
    xhr.send(JSON.stringify(body))
  })
}
