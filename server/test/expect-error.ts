import { expect } from 'vitest'

/**
 * Checks that an answer is a refusal with this status and error code, and answers its parsed body. The API's
 * errors carry `{ error: { code } }`; better-auth's own answers (sign-in) carry `{ code }`.
 */
export async function expectError(res: Response, status: number, code: string, label?: string) {
  expect(res.status, label).toBe(status)
  const body = await res.json()
  expect(body.error?.code ?? body.code).toBe(code)
  return body
}
