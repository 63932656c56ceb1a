import { ApiError, NetworkError } from '@web/lib/api-client'
import { i18n } from '@web/lib/i18n'

// better-auth answers { code, message } in English; these become our stable codes, which errors.json
// translates (or the auth namespace, for the few that only this screen shows).
const CODE_MAP: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  INVALID_TOKEN: 'RESET_LINK_INVALID',
  TOKEN_EXPIRED: 'RESET_LINK_INVALID',
}

export function authErrorCode(status: number, code: string | undefined): string {
  if (status === 429) return 'RATE_LIMITED'
  return (code && CODE_MAP[code]) ?? (status >= 500 ? 'INTERNAL' : 'UNKNOWN')
}

/** POST to better-auth under /api/v1/auth; failures become ApiError with our codes. */
export async function authRequest<T>(path: string, body: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetch(`/api/v1/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new NetworkError()
  }
  const data = (await res.json().catch(() => null)) as { code?: string; message?: string } | null
  if (!res.ok) {
    const code = authErrorCode(res.status, data?.code)
    // Codes errors.json does not know carry their text from this screen's namespace.
    const own = `errors.${code}`
    const message = i18n.exists(own, { ns: 'auth' })
      ? i18n.t(own, { ns: 'auth' })
      : (data?.message ?? res.statusText)
    throw new ApiError(res.status, code, message)
  }
  return data as T
}
