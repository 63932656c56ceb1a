import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MIN_PUBLIC_PASSWORD_LENGTH, SignupFormSchema } from '../../../contract/accounts'
import { guilds, user } from '../../db/schema'
import { anonymous, buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { signupBody } from '../accounts/accounts.test-support'

// Issue 14, item 6: the public password is at least 6 characters wherever it is set: on the
// guild page and at sign-up, on the server and in the forms (which share these schemas).

const ctx = await fileTestContext()

const short = 'a'.repeat(MIN_PUBLIC_PASSWORD_LENGTH - 1)
const enough = 'b'.repeat(MIN_PUBLIC_PASSWORD_LENGTH)

describe('public password length', () => {
  it('is 6', () => {
    expect(MIN_PUBLIC_PASSWORD_LENGTH).toBe(6)
  })

  it('the guild page refuses a shorter one and changes nothing; 6 characters or none are fine', async () => {
    const { guild, admin } = await buildGuild(ctx, { publicAccessPassword: 'raid-night' })
    for (const password of ['ab', short, `  ${short}  `]) {
      const res = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: password })
      expect(res.status, password).toBe(400)
      expect((await res.json()).error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { publicAccessPassword: 'publicPasswordTooShort' },
      })
    }
    const [kept] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, guild.id))
    expect(kept!.publicAccessPassword).toBe('raid-night')
    const set = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: enough })
    expect((await set.json()).publicAccessPassword).toBe(enough)
    const cleared = await admin.request('PATCH', '/api/v1/guild', { publicAccessPassword: '' })
    expect((await cleared.json()).publicAccessPassword).toBeNull()
  })

  it('sign-up refuses a shorter one and creates nothing', async () => {
    const body = signupBody({ guildPassword: short })
    const res = await anonymous(ctx)('POST', '/api/v1/accounts/signup', body)
    expect(res.status).toBe(400)
    expect((await res.json()).error.fields).toEqual({ guildPassword: 'publicPasswordTooShort' })
    expect(await ctx.database.db.select().from(user).where(eq(user.email, body.email))).toEqual([])
    const ok = await anonymous(ctx)('POST', '/api/v1/accounts/signup', signupBody({ guildPassword: enough }))
    expect(ok.status).toBe(201)
  })

  it('the sign-up form says it before sending', () => {
    const result = SignupFormSchema.safeParse(signupBody({ guildPassword: short }))
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['guildPassword', 'publicPasswordTooShort'],
    ])
  })
})
