import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { describeActivity } from '../../../contract/activity-description'
import { auditLogs, guilds } from '../../db/schema'
import { buildGuild } from '../../test/factories'
import { fileTestContext } from '../../test/harness'
import { historyTranslate } from './history.i18n'
import { seedAudit } from './history.test-support'

// Issue 14, item 4: no code, field or enum name reaches a person. Descriptions are stored language-neutral
// and put into words when shown: on screen (web/features/history) and in the CSV export (here).

const ctx = await fileTestContext()

const words = { pt: historyTranslate('pt'), en: historyTranslate('en') }

describe('activity descriptions in words', () => {
  it('a guild edit stores the name and the changed field code, never the password', async () => {
    const { guild, admin } = await buildGuild(ctx, { name: 'Old Name' })
    const res = await admin.request('PATCH', '/api/v1/guild', {
      name: 'New Name',
      publicAccessPassword: 'secret-22',
    })
    expect(res.status).toBe(200)
    const [log] = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.guildId, guild.id))
    expect(log!.description).toBe('Old Name → New Name · publicAccessPassword')
    expect(describeActivity('GUILD_UPDATE', log!.description, words.pt)).toBe(
      'Old Name → New Name · alterado: senha de acesso público',
    )
    expect(describeActivity('GUILD_UPDATE', log!.description, words.en)).toBe(
      'Old Name → New Name · changed: public access password',
    )
  })

  it.each([
    [
      'GUILD_UPDATE',
      'name: A → B; publicAccessPassword',
      'A → B · alterado: senha de acesso público',
      'A → B · changed: public access password',
    ],
    [
      'GUILD_UPDATE',
      'publicAccessPassword',
      'alterado: senha de acesso público',
      'changed: public access password',
    ],
    [
      'GUILD_UPDATE',
      'Guild · publicAccessPassword',
      'Guild · alterado: senha de acesso público',
      'Guild · changed: public access password',
    ],
    [
      'USER_UPDATED',
      'Ana → Ana Souza · guild_member → guild_admin',
      'Ana → Ana Souza · membro → administrador',
      'Ana → Ana Souza · member → administrator',
    ],
    [
      'USER_UPDATED',
      'Ana · guild_admin → guild_member',
      'Ana · administrador → membro',
      'Ana · administrator → member',
    ],
    ['USER_UPDATED', 'Ana → Ana Souza', 'Ana → Ana Souza', 'Ana → Ana Souza'],
    [
      'ITEM_UPDATE',
      'Espada → Lâmina · description, rarity, itemType',
      'Espada → Lâmina · alterado: descrição, raridade, tipo',
      'Espada → Lâmina · changed: description, rarity, type',
    ],
    [
      'ITEM_VISIBILITY_CHANGE',
      'Espada · hidden',
      'Espada · oculto da página pública',
      'Espada · hidden from the public page',
    ],
    ['PLAYER_CREATE', 'Thrall (active)', 'Thrall (ativo)', 'Thrall (active)'],
    [
      'PLAYER_UPDATE',
      'Thrall · active → expelled · notes',
      'Thrall · ativo → expulso · alterado: observações',
      'Thrall · active → expelled · changed: notes',
    ],
    ['QUEUE_UNDO', 'Espada · ITEM_RECEIVED', 'Espada · Item recebido', 'Espada · Item received'],
    [
      'QUEUE_UNDO',
      'Espada · Thrall · ITEM_RECEIVED',
      'Espada · Thrall · Item recebido',
      'Espada · Thrall · Item received',
    ],
    [
      'PLAYER_PENALIZED',
      'Espada · Thrall · 1d · Faltou',
      'Espada · Thrall · 1 dia · Faltou',
      'Espada · Thrall · 1 day · Faltou',
    ],
    ['SUBSCRIPTION_PAST_DUE', 'active → past_due', 'ativa → pagamento pendente', 'active → payment pending'],
    ['SUBSCRIPTION_UPDATE', 'year · → 2026-01-01', 'anual · → 2026-01-01', 'yearly · → 2026-01-01'],
    // Raid nights: a pass names the mark that let the player be passed over; the nights' rows their start,
    // changed fields, marks and settings.
    [
      'PLAYER_PASSED',
      'Espada · Ana · Raid de quinta · bench',
      'Espada · Ana · Raid de quinta · no banco',
      'Espada · Ana · Raid de quinta · on the bench',
    ],
    [
      'PLAYER_PASSED_ABSENT',
      'Espada · Ana · Raid · no_show',
      'Espada · Ana · Raid · faltou sem avisar',
      'Espada · Ana · Raid · no-show',
    ],
    ['EVENT_CANCEL', 'Raid · 2026-12-10 20:00', 'Raid · 10/12/2026 20:00', 'Raid · 12/10/2026 8:00 PM'],
    ['EVENT_CANCEL', 'Raid · 2026-12-10 00:30', 'Raid · 10/12/2026 00:30', 'Raid · 12/10/2026 12:30 AM'],
    ['EVENT_CANCEL', 'Raid · 2026-12-10 12:05', 'Raid · 10/12/2026 12:05', 'Raid · 12/10/2026 12:05 PM'],
    ['EVENT_UPDATE', 'Raid · name, endTime', 'Raid · alterado: nome, fim', 'Raid · changed: name, end'],
    ['ATTENDANCE_UPDATE', 'Raid · marks 1', 'Raid · 1 marcação alterada', 'Raid · 1 mark changed'],
    [
      'QUEUE_ADD_ALL',
      'Lâmina + 15',
      'Lâmina · 15 jogadores adicionados à fila',
      'Lâmina · 15 players added to the queue',
    ],
    [
      'QUEUE_ADD_ALL',
      'A + B + 1',
      'A + B · 1 jogador adicionado à fila',
      'A + B · 1 player added to the queue',
    ],
    [
      'RAID_NIGHT_SETTINGS_UPDATE',
      'noShowRule: keep',
      'quem faltou sem avisar: mantém o lugar',
      'no-shows: keep their place',
    ],
    // Ranks: a deleted rank says how many players lost it; a player's rank change names the field.
    [
      'RANK_DELETE',
      'Raider · holders 2',
      'Raider · 2 jogadores ficaram sem cargo',
      'Raider · 2 players left without a rank',
    ],
    ['RANK_DELETE', 'Trial · holders 0', 'Trial · nenhum jogador tinha o cargo', 'Trial · no player held it'],
    [
      'PUBLIC_VISIBILITY_UPDATE',
      'showNotes: false · queueMode: first · queueFirst: 5',
      'notas ocultas do público · filas públicas: só os primeiros lugares · lugares mostrados: os 5 primeiros',
      'notes hidden from the public · public queues: first places only · places shown: first 5',
    ],
    [
      'PUBLIC_VISIBILITY_UPDATE',
      'showCounters: true · showAttendance: false · queueMode: own',
      'contadores e motivos de penalidade visíveis ao público · frequência em eventos oculta do público · filas públicas: só a página de cada jogador',
      "counters and penalty reasons shown to the public · attendance shares hidden from the public · public queues: each player's own page only",
    ],
    // Names and notes stay as typed, even when they look like codes.
    ['ITEM_UPDATE', 'Espada · de fogo', 'Espada · de fogo', 'Espada · de fogo'],
    ['PLAYER_UPDATE', 'active → inactive', 'active → inactive', 'active → inactive'],
  ])('%s "%s"', (action, stored, pt, en) => {
    expect(describeActivity(action, stored, words.pt)).toBe(pt)
    expect(describeActivity(action, stored, words.en)).toBe(en)
  })

  // A night's rows name its start on the guild's clock and that clock's zone; the reader is told the zone when
  // their clock reads otherwise (docs/product-rules.md, "Raid nights"), and a row without one reads as before.
  it("a night's start says the guild's zone where the reader's clock reads otherwise", () => {
    const stored = 'Raid de domingo · 2026-12-06 18:00 Europe/Berlin'
    const asked: [string, string][] = []
    const elsewhere = (zone: string, at: Date) => {
      asked.push([zone, at.toISOString()])
      return 'Berlim'
    }
    expect(describeActivity('EVENT_CREATE', stored, words.pt, elsewhere)).toBe(
      'Raid de domingo · 06/12/2026 18:00 (Berlim)',
    )
    expect(describeActivity('EVENT_COMPLETE', stored, words.en, elsewhere)).toBe(
      'Raid de domingo · 12/06/2026 6:00 PM (Berlim)',
    )
    // The zone is asked about the night's start itself: 18:00 in Berlin is 17:00 UTC.
    expect(asked).toEqual([
      ['Europe/Berlin', '2026-12-06T17:00:00.000Z'],
      ['Europe/Berlin', '2026-12-06T17:00:00.000Z'],
    ])
    const sameClock = () => null
    expect(describeActivity('EVENT_CREATE', stored, words.pt, sameClock)).toBe(
      'Raid de domingo · 06/12/2026 18:00',
    )
    expect(describeActivity('EVENT_CREATE', stored, words.pt)).toBe('Raid de domingo · 06/12/2026 18:00')
    expect(describeActivity('EVENT_CREATE', 'Raid · 2026-12-06 18:00', words.pt, elsewhere)).toBe(
      'Raid · 06/12/2026 18:00',
    )
    // A zone the platform does not know: the time as typed.
    expect(
      describeActivity('EVENT_CREATE', 'Raid · 2026-12-06 18:00 Mars/Olympus', words.pt, elsewhere),
    ).toBe('Raid · 06/12/2026 18:00')
  })

  it("the CSV export quotes a night's start on the clock it was typed on, saying its zone when the guild's clock (the file's) differs", async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedAudit(ctx, guild.id, [
      {
        actionType: 'EVENT_CREATE',
        tableName: 'raid_nights',
        description: 'Raid de domingo · 2026-12-06 18:00 Europe/Berlin',
        userId: admin.user.id,
      },
    ])
    // The night was typed in Berlin; the guild has moved to São Paulo since, or not.
    for (const [lang, tz, expected] of [
      ['pt', 'America/Sao_Paulo', 'Raid de domingo · 06/12/2026 18:00 (Horário Alemanha)'],
      ['en', 'America/Sao_Paulo', 'Raid de domingo · 12/06/2026 6:00 PM (Germany Time)'],
      ['pt', 'Europe/Berlin', 'Raid de domingo · 06/12/2026 18:00'],
    ] as const) {
      await ctx.database.db.update(guilds).set({ timeZone: tz }).where(eq(guilds.id, guild.id))
      const res = await admin.request('GET', '/api/v1/history/activity.csv', undefined, {
        'accept-language': lang,
      })
      expect(res.status).toBe(200)
      const line = (await res.text()).split('\n').find((row) => row.includes('Raid de domingo'))!
      expect(line).toContain(expected)
      expect(line).not.toContain('Europe/Berlin')
      if (tz === 'Europe/Berlin') expect(line).not.toContain('(')
    }
  })

  it('the CSV export carries the words, in the reader language', async () => {
    const { guild, admin } = await buildGuild(ctx)
    await seedAudit(ctx, guild.id, [
      {
        actionType: 'GUILD_UPDATE',
        description: `${guild.name} · publicAccessPassword`,
        userId: admin.user.id,
      },
    ])
    for (const [lang, expected] of [
      ['pt', 'alterado: senha de acesso público'],
      ['en', 'changed: public access password'],
    ] as const) {
      const res = await admin.request('GET', '/api/v1/history/activity.csv', undefined, {
        'accept-language': lang,
      })
      expect(res.status).toBe(200)
      const text = await res.text()
      expect(text).toContain(`${guild.name} · ${expected}`)
      expect(text).not.toContain('publicAccessPassword')
    }
  })
})
