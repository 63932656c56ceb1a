import { describe, expect, it } from 'vitest'
import { ACCESS_TTL_MS, issueAccessCookie, verifyAccessCookie } from './public-cookie'

const secret = 'a-test-secret-of-at-least-32-characters'
const now = new Date('2026-11-27T12:00:00Z')
const guild = () => ({ id: '0b0e2d4c-3f1a-4c55-9a5e-6f1d2a3b4c5d', publicAccessPassword: 'raid-night' })

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The other three spellings of a signature's last character that decode to the same 32 bytes. */
function sameBytesSpellings(value: string): string[] {
  const last = BASE64URL.indexOf(value.at(-1)!)
  const family = [0, 1, 2, 3].map((low) => BASE64URL[(last & ~3) | low]!)
  return family.filter((char) => char !== value.at(-1)).map((char) => value.slice(0, -1) + char)
}

describe('the public access cookie', () => {
  it('verifies the cookie it issued, until it expires', () => {
    const { value, expiresAt } = issueAccessCookie(secret, guild(), now)
    expect(verifyAccessCookie(secret, guild(), value, now)).toEqual(expiresAt)
    expect(expiresAt.getTime() - now.getTime()).toBe(ACCESS_TTL_MS)
    expect(verifyAccessCookie(secret, guild(), value, expiresAt)).toBeNull()
  })

  it('refuses another spelling of its signature even when it decodes to the same bytes', () => {
    const { value } = issueAccessCookie(secret, guild(), now)
    const spellings = sameBytesSpellings(value)
    expect(spellings).toHaveLength(3)
    for (const spelling of spellings) {
      const signature = spelling.split('.')[1]!
      expect(Buffer.from(signature, 'base64url')).toEqual(Buffer.from(value.split('.')[1]!, 'base64url'))
      expect(verifyAccessCookie(secret, guild(), spelling, now)).toBeNull()
    }
  })

  it('refuses it for another guild, after a password change, with another secret or a moved expiry', () => {
    const { value } = issueAccessCookie(secret, guild(), now)
    const [expiry, signature] = value.split('.') as [string, string]
    expect(verifyAccessCookie(secret, { ...guild(), id: crypto.randomUUID() }, value, now)).toBeNull()
    expect(verifyAccessCookie(secret, { ...guild(), publicAccessPassword: 'new-one' }, value, now)).toBeNull()
    expect(verifyAccessCookie(`${secret}!`, guild(), value, now)).toBeNull()
    expect(verifyAccessCookie(secret, guild(), `${Number(expiry) - 1}.${signature}`, now)).toBeNull()
    expect(verifyAccessCookie(secret, { ...guild(), publicAccessPassword: null }, value, now)).toBeNull()
  })
})
