import { createHash, randomBytes } from 'node:crypto'

// An invitation link carries 32 random bytes (base64url). Only their SHA-256 is stored, so a leaked
// database or export cannot be turned into working links (docs/decisions/002-members-and-invitations.md).

export const INVITE_VALID_DAYS = 7
const DAY_MS = 24 * 60 * 60 * 1000

export function newInviteToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function inviteExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS)
}

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/auth?invite=${token}`
}
