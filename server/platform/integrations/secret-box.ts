import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

// Integration URLs and signing secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET (HKDF, its
// own label, so the key is used for nothing else). The context (guild, kind, field) is authenticated data:
// a sealed value copied to another guild's row or field does not open there.

const VERSION = 'v1'
const keys = new Map<string, Buffer>()

function keyOf(authSecret: string): Buffer {
  let key = keys.get(authSecret)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', authSecret, 'lootqueue', 'integration secrets v1', 32))
    keys.set(authSecret, key)
  }
  return key
}

/** `v1.<iv>.<ciphertext+tag>` (base64url). */
export function seal(authSecret: string, plaintext: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(authSecret), iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`
}

/** The plaintext, or null when the value was sealed under another AUTH_SECRET or context (or is damaged). */
export function open(authSecret: string, sealed: string, context: string): string | null {
  const [version, iv, body] = sealed.split('.')
  if (version !== VERSION || !iv || !body) return null
  try {
    const bytes = Buffer.from(body, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(authSecret), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(bytes.subarray(bytes.length - 16))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}

/** The authenticated context of a sealed integration field. */
export const sealContext = (guildId: string, kind: string, field: 'url' | 'secret') =>
  `${guildId}:${kind}:${field}`
