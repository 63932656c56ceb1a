import { expect } from 'vitest'

/**
 * Checks that an answer is a refusal with this status and error code (`{ error: { code } }`, better-auth's
 * included: server/auth/auth-answers.ts), and answers its parsed body.
 */
export async function expectError(res: Response, status: number, code: string, label?: string) {
  expect(res.status, label).toBe(status)
  const body = await res.json()
  expect(body.error?.code).toBe(code)
  return body
}
