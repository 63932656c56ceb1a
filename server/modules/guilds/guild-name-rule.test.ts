import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLogs, guilds } from '../../db/schema'
import { anonymous, buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { signupBody } from '../accounts/accounts.test-support'

// Issue 14, item 14: one rule for a guild's name at sign-up and on rename. A name is taken when its slug
// form is another guild's link (slug) or another guild's current name (a renamed guild keeps its link).

const ctx = await fileTestContext()

const signUp = (guildName: string) =>
  anonymous(ctx)('POST', '/api/v1/accounts/signup', signupBody({ guildName }))

async function guildRow(id: string) {
  const [row] = await ctx.database.db.select().from(guilds).where(eq(guilds.id, id))
  return row!
}

describe('one guild name rule', () => {
  it("a rename to another guild's name, in any case or punctuation, is refused as sign-up refuses it", async () => {
    await buildGuild(ctx, { name: 'Iron Wolves' })
    const { guild, admin } = await buildGuild(ctx, { name: 'Lone Rangers' })
    for (const name of ['Iron Wolves', 'iron   WOLVES!']) {
      const res = await admin.request('PATCH', '/api/v1/guild', { name }, { 'accept-language': 'pt' })
      expect(res.status).toBe(409)
      expect((await res.json()).error).toMatchObject({
        code: 'GUILD_NAME_TAKEN',
        message:
          'Já existe uma guild com este nome ou com um nome que gera o mesmo endereço público (/guilds/iron-wolves). Escolha outro nome.',
        fields: { name: 'GUILD_NAME_TAKEN' },
      })
      expect((await signUp(name)).status).toBe(409)
    }
    const en = await admin.request(
      'PATCH',
      '/api/v1/guild',
      { name: 'Iron Wolves' },
      { 'accept-language': 'en' },
    )
    expect((await en.json()).error.message).toBe(
      'A guild already has this name, or a name that makes the same public address (/guilds/iron-wolves). Choose another name.',
    )
    expect((await guildRow(guild.id)).name).toBe('Lone Rangers')
    expect(await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.guildId, guild.id))).toEqual([])
  })

  it('a renamed guild holds both its link and its new name; its own name may change case', async () => {
    const renamed = await buildGuild(ctx, { name: 'Storm Crows' })
    expect((await renamed.admin.request('PATCH', '/api/v1/guild', { name: 'Night Owls' })).status).toBe(200)
    expect((await guildRow(renamed.guild.id)).slug).toBe('storm-crows')
    expect((await renamed.admin.request('PATCH', '/api/v1/guild', { name: 'NIGHT OWLS' })).status).toBe(200)

    // Sign-up: the link and the new name are both taken; the old name is free only as far as its link is.
    expect((await signUp('Night Owls')).status).toBe(409)
    expect((await signUp('Storm Crows')).status).toBe(409)
    const other = await buildGuild(ctx, { name: 'Sea Dogs' })
    for (const name of ['Night Owls', 'Storm Crows']) {
      const res = await other.admin.request('PATCH', '/api/v1/guild', { name })
      expect(res.status, name).toBe(409)
    }
    // A name nobody holds is fine for both.
    expect((await other.admin.request('PATCH', '/api/v1/guild', { name: 'Sea Wolves' })).status).toBe(200)
    expect((await signUp('Sky Pirates')).status).toBe(201)
  })

  it('two guilds claiming one new name at once: exactly one gets it', async () => {
    const a = await buildGuild(ctx, { name: 'Alpha Team' })
    const b = await buildGuild(ctx, { name: 'Beta Team' })
    const statuses = await Promise.all(
      [a, b].map(
        async ({ admin }) => (await admin.request('PATCH', '/api/v1/guild', { name: 'Gamma Team' })).status,
      ),
    )
    expect(statuses.sort()).toEqual([200, 409])
  })
})
