import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { PublicRules } from '../../../contract/queues'
import { guilds } from '../../db/schema'
import { buildGuild, buildMember } from '../../test/factories'
import { expectError } from '../../test/expect-error'
import { fileTestContext } from '../../test/harness'
import { auditRows } from '../../test/audit-rows'
import { auditActions, call } from './queue.test-support'

const ctx = await fileTestContext()

async function memberOfNewGuild() {
  const { guild } = await buildGuild(ctx)
  return { guild, member: await buildMember(ctx, { guildId: guild.id }) }
}

const storedRules = async (guildId: string) =>
  (await ctx.database.db.select().from(guilds).where(eq(guilds.id, guildId)))[0]!.publicRules

describe('public rules', () => {
  it('starts empty, saves text with its line breaks (trimmed at the ends), audited RULES_UPDATED', async () => {
    const { guild, member } = await memberOfNewGuild()
    expect(await call<PublicRules>(member, 'GET', '/public-rules')).toEqual({ publicRules: null })
    const text = '  1. Respeite a fila.\n2. Sem loot ninja.\n\n3. Faltou, perdeu a vez.  '
    const saved = await call<PublicRules>(member, 'PUT', '/public-rules', { publicRules: text })
    expect(saved.publicRules).toBe(text.trim())
    expect(await call<PublicRules>(member, 'GET', '/public-rules')).toEqual(saved)
    const [audit] = await auditRows(ctx, guild.id, 'RULES_UPDATED')
    expect(audit).toMatchObject({ userId: member.user.id, tableName: 'guilds', recordId: guild.id })
    expect(audit!.description).toContain('Respeite a fila.')
  })

  it('empty text clears the rules; saving the same text again writes nothing', async () => {
    const { guild, member } = await memberOfNewGuild()
    await call(member, 'PUT', '/public-rules', { publicRules: 'Regra' })
    await call(member, 'PUT', '/public-rules', { publicRules: 'Regra' })
    expect(await call<PublicRules>(member, 'PUT', '/public-rules', { publicRules: '   ' })).toEqual({
      publicRules: null,
    })
    expect(await storedRules(guild.id)).toBeNull()
    expect(await auditActions(ctx, guild.id)).toEqual(['RULES_UPDATED', 'RULES_UPDATED'])
  })

  it('refuses more than 5000 characters or a wrong type with 400, changing nothing', async () => {
    const { guild, member } = await memberOfNewGuild()
    await call(member, 'PUT', '/public-rules', { publicRules: 'Antes' })
    for (const body of [{ publicRules: 'x'.repeat(5001) }, { publicRules: 42 }]) {
      await expectError(await member.request('PUT', '/api/v1/public-rules', body), 400, 'VALIDATION_FAILED')
    }
    expect(await storedRules(guild.id)).toBe('Antes')
    expect(
      await call<PublicRules>(member, 'PUT', '/public-rules', { publicRules: 'x'.repeat(5000) }),
    ).toEqual({
      publicRules: 'x'.repeat(5000),
    })
  })

  it('refuses a body without publicRules (empty, or a misspelt field) with 400, keeping the rules and writing no audit row', async () => {
    const { guild, member } = await memberOfNewGuild()
    await call(member, 'PUT', '/public-rules', { publicRules: 'Antes' })
    for (const body of [{}, { rules: 'typo' }]) {
      const refused = await expectError(
        await member.request('PUT', '/api/v1/public-rules', body),
        400,
        'VALIDATION_FAILED',
      )
      expect(refused.error.fields).toMatchObject({ publicRules: expect.any(String) })
    }
    expect(await storedRules(guild.id)).toBe('Antes')
    expect(await auditActions(ctx, guild.id)).toEqual(['RULES_UPDATED'])
    // Clearing is said out loud: null, as empty text is.
    expect(await call<PublicRules>(member, 'PUT', '/public-rules', { publicRules: null })).toEqual({
      publicRules: null,
    })
    expect(await storedRules(guild.id)).toBeNull()
  })

  it("only touches the caller's guild", async () => {
    const a = await memberOfNewGuild()
    const b = await memberOfNewGuild()
    await call(a.member, 'PUT', '/public-rules', { publicRules: 'Guild A' })
    expect(await call<PublicRules>(b.member, 'GET', '/public-rules')).toEqual({ publicRules: null })
    expect(await storedRules(b.guild.id)).toBeNull()
  })
})
