import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ActivityRow } from '@contract/history'
import { formatDateTime } from '@web/lib/format'
import { loadTexts, readerOn, renderPage } from '@web/test/render'
import { ActivityTable } from './activity-table'
import { guildZoneRead, READER_CLOCK, serveGuildZone } from './history.test-support'

// Issue 14, item 4: the activity log shows no code, field or enum name ('Guild atualizada —
// publicAccessPassword'): the stored, language-neutral facts are put into words on screen.

const row = (actionType: string, description: string, note: string | null = null): ActivityRow => ({
  id: crypto.randomUUID(),
  userName: 'Ágata',
  author: 'member',
  actionType,
  tableName: 'guilds',
  recordId: null,
  description,
  note,
  notePrivate: false,
  createdAt: '2024-05-10T15:00:00.000Z',
  eventId: null,
  undone: false,
})

const rows = [
  row('GUILD_UPDATE', 'Night Raiders · publicAccessPassword'),
  row('ITEM_UPDATE', 'Espada · rarity, itemType'),
  row('PLAYER_UPDATE', 'Thrall · active → inactive'),
  row('QUEUE_UNDO', 'Espada · PLAYER_ABSENT'),
  row('INTEGRATION_UPDATE', 'discord · url, events, language'),
  row('INTEGRATION_DISABLED', 'discord · 404'),
  row('INTEGRATION_DELETE', 'webhook'),
  // Raid nights: a pass (server/db/functions/lq_queue_entry_action.sql) and the nights' own rows.
  row('PLAYER_PASSED', 'Espada · Ana · Raid de quinta · excused'),
  row('PLAYER_PASSED_ABSENT', 'Espada · Bruno · Raid de quinta · no_show'),
  row('EVENT_CREATE', 'Raid de quinta · 2026-12-10 20:00'),
  row('EVENT_UPDATE', 'Raid de quinta · date, startTime, endTime'),
  row('ATTENDANCE_UPDATE', 'Raid de quinta · marks 12'),
  row('RAID_NIGHT_SETTINGS_UPDATE', 'timeZone: America/Sao_Paulo · noShowRule: absent'),
]

const texts = {
  pt: [
    ['Guild atualizada', 'Night Raiders · alterado: senha de acesso público'],
    ['Item editado', 'Espada · alterado: raridade, tipo'],
    ['Jogador editado', 'Thrall · ativo → inativo'],
    ['Ação desfeita', 'Espada · Jogador ausente'],
    ['Integração configurada', 'Discord · alterado: endereço, eventos anunciados, idioma'],
    ['Integração desativada', 'Discord · o destino recusou as mensagens (HTTP 404); envio desativado'],
    ['Integração removida', 'Webhook assinado'],
    [
      'Passado na vez (manteve o lugar; registrado uma vez por noite e item)',
      'Espada · Ana · Raid de quinta · dispensado',
    ],
    ['Passado na vez (marcado ausente)', 'Espada · Bruno · Raid de quinta · faltou sem avisar'],
    ['Evento criado', 'Raid de quinta · 10/12/2026, 20:00'],
    ['Evento editado', 'Raid de quinta · alterado: data, início, fim'],
    ['Presença atualizada', 'Raid de quinta · 12 marcações alteradas'],
    [
      'Configurações de eventos alteradas',
      'fuso horário: America/Sao_Paulo · quem faltou sem avisar: fica ausente na fila',
    ],
  ],
  en: [
    ['Guild updated', 'Night Raiders · changed: public access password'],
    ['Item edited', 'Espada · changed: rarity, type'],
    ['Player edited', 'Thrall · active → inactive'],
    ['Action undone', 'Espada · Player absent'],
    ['Integration set up', 'Discord · changed: address, announced events, language'],
    ['Integration turned off', 'Discord · the receiver refused the messages (HTTP 404); sending turned off'],
    ['Integration removed', 'Signed webhook'],
    ['Passed over (kept place; logged once per night and item)', 'Espada · Ana · Raid de quinta · excused'],
    ['Passed over (marked absent)', 'Espada · Bruno · Raid de quinta · no-show'],
    ['Event created', 'Raid de quinta · 12/10/2026, 8:00 PM'],
    ['Event edited', 'Raid de quinta · changed: date, start, end'],
    ['Attendance updated', 'Raid de quinta · 12 marks changed'],
    ['Event settings changed', 'time zone: America/Sao_Paulo · no-shows: marked absent in that queue'],
  ],
} as const

describe.each(['pt', 'en'] as const)('activity log (%s)', (language) => {
  it('describes each change in words, with no code or field name', async () => {
    await loadTexts(['history'], language)
    renderPage(<ActivityTable rows={rows} />)
    const body = (await screen.findAllByRole('row')).slice(1)
    expect(body).toHaveLength(texts[language].length)
    body.forEach((tr, i) => {
      const [action, description] = texts[language][i]!
      // User, action, description… (the first cell also repeats the action for a phone, under the name).
      const cells = within(tr).getAllByRole('cell')
      expect(cells[1]!.textContent).toBe(action)
      expect(cells[2]!.textContent).toBe(description)
    })
    const shown = body.map((tr) => tr.textContent).join('\n')
    expect(shown).not.toMatch(
      /publicAccessPassword|itemType|PLAYER_ABSENT|discord ·|webhook$|no_show|startTime|marks \d|noShowRule/,
    )
  })

  // An outside test (2026-12-06): "Evento criado · Raid de domingo · 06/12/2026 18:00" beside its own time,
  // 14:07, in São Paulo, the night's time on the Berlin guild's clock with nothing saying so. The row's time
  // stays the reader's; the night's says the guild's zone when the reader's clock reads otherwise.
  it.each([
    ['America/Sao_Paulo', { pt: ' (Horário Alemanha)', en: ' (Germany Time)' }],
    ['Europe/Berlin', { pt: '', en: '' }],
  ])(
    "quotes a night's time on the guild's clock, saying its zone to a reader on another (%s)",
    async (reader, tag) => {
      await loadTexts(['history'], language)
      readerOn(reader)
      const created = {
        ...row('EVENT_CREATE', 'Raid de domingo · 2026-12-06 18:00 Europe/Berlin'),
        createdAt: '2026-12-06T17:07:00.000Z',
      }
      // A row written before the rows named their zone is shown as it was written.
      const older = row('EVENT_ARCHIVE', 'Raid de domingo · 2026-12-06 18:00')
      renderPage(<ActivityTable rows={[created, older]} />)
      const [first, second] = (await screen.findAllByRole('row')).slice(1)
      const cells = within(first!).getAllByRole('cell')
      // Written as every date on the screen (web/lib/format.ts), not "12/06/2026 6:00 PM" by hand.
      const start = { pt: '06/12/2026, 18:00', en: '12/6/2026, 6:00 PM' }[language]
      expect(cells[2]!.textContent).toBe(`Raid de domingo · ${start}${tag[language]}`)
      expect(cells[4]!.textContent).toBe(formatDateTime(created.createdAt, reader))
      expect(within(second!).getAllByRole('cell')[2]!.textContent).toBe(`Raid de domingo · ${start}`)
    },
  )

  it('names a member, a former member (named or not) and the system apart', async () => {
    await loadTexts(['history'], language)
    const authors: ActivityRow[] = [
      { ...row('PLAYER_CREATE', 'Thrall'), userName: 'Ágata', author: 'member' },
      { ...row('PLAYER_CREATE', 'Jaina'), userName: 'Bia', author: 'former_member' },
      { ...row('PLAYER_CREATE', 'Uther'), userName: null, author: 'former_member' },
      { ...row('SUBSCRIPTION_ACTIVATED', 'active'), userName: null, author: 'system' },
    ]
    renderPage(<ActivityTable rows={authors} />)
    const body = (await screen.findAllByRole('row')).slice(1)
    // The name first; a phone's line (action, date, note) follows it.
    expect(body.map((tr) => within(tr).getAllByRole('cell')[0]!.firstChild?.textContent)).toEqual(
      language === 'pt'
        ? ['Ágata', 'Bia (ex-membro)', 'Ex-membro', 'Sistema']
        : ['Ágata', 'Bia (former member)', 'Former member', 'System'],
    )
  })

  it("shows an action's note in its own column", async () => {
    await loadTexts(['history'], language)
    renderPage(<ActivityTable rows={[row('PLAYER_ABSENT', 'Espada · Thrall (#2)', 'Avisou no Discord')]} />)
    expect(
      await screen.findByRole('columnheader', { name: language === 'pt' ? 'Nota' : 'Note' }),
    ).toBeTruthy()
    const [tr] = screen.getAllByRole('row').slice(1)
    const cells = within(tr!).getAllByRole('cell')
    expect(cells[3]!.textContent).toBe('Avisou no Discord')
    // On a phone the action, the date and the note are under the name (the other columns are hidden there).
    const phone = cells[0]!.querySelector('.sm\\:hidden') as HTMLElement
    expect(phone.textContent).toBe(
      `${language === 'pt' ? 'Jogador ausente' : 'Player absent'}${cells[4]!.textContent}Avisou no Discord`,
    )
  })

  // An undone award's passes read as undone, as the award does (docs/product-rules.md, "Undo"): the log no
  // longer reads as if those players were still passed over.
  it('marks the actions an undo took back, beside their action, and no other', async () => {
    await loadTexts(['history'], language)
    const undone = (r: ActivityRow): ActivityRow => ({ ...r, undone: true })
    renderPage(
      <ActivityTable
        rows={[
          row('QUEUE_UNDO', 'Espada · Caio · ITEM_RECEIVED'),
          undone(row('ITEM_RECEIVED', 'Espada → Caio (#3)')),
          undone(row('PLAYER_PASSED', 'Espada · Ana · Raid de quinta · excused')),
          row('PLAYER_PASSED', 'Escudo · Ana · Raid de quinta · excused'),
        ]}
      />,
    )
    const body = (await screen.findAllByRole('row')).slice(1)
    const mark = language === 'pt' ? 'Desfeito' : 'Undone'
    const labels = {
      pt: [
        'Ação desfeita',
        'Item recebido',
        'Passado na vez (manteve o lugar; registrado uma vez por noite e item)',
        'Passado na vez (manteve o lugar; registrado uma vez por noite e item)',
      ],
      en: [
        'Action undone',
        'Item received',
        'Passed over (kept place; logged once per night and item)',
        'Passed over (kept place; logged once per night and item)',
      ],
    }[language]
    expect(body.map((tr) => within(tr).getAllByRole('cell')[1]!.textContent)).toEqual([
      labels[0],
      `${labels[1]}${mark}`,
      `${labels[2]}${mark}`,
      labels[3],
    ])
    // It says what it means when pointed at; on a phone it follows the action under the name.
    const [badge] = within(body[1]!).getAllByText(mark)
    expect(badge!.getAttribute('title')).toBe(
      language === 'pt'
        ? 'Esta ação foi desfeita: a fila voltou a como estava antes dela.'
        : 'This action was undone: the queue went back to how it was before it.',
    )
    const phone = within(body[2]!).getAllByRole('cell')[0]!.querySelector('.sm\\:hidden') as HTMLElement
    expect(phone.textContent).toContain(`${labels[2]}${mark}`)
  })
})

// An outside test (2026-12-07): the guild on America/Sao_Paulo, a reader in Lisbon. A night's awards read
// 00:18 on its page (the guild's clock, its zone named) and 03:18 here (the reader's), with nothing saying
// so: they seemed to fall after the night had ended. The row's time stays the reader's, and its column says
// whose when the reader's clock is not the guild's (docs/product-rules.md, "Raid nights").
describe.each(['pt', 'en'] as const)("activity log, the reader's clock (%s)", (language) => {
  const words = READER_CLOCK[language]
  it.each([
    ['Europe/Lisbon', words.lisbon],
    // Another id on the guild's clock: nothing to say.
    ['America/Sao_Paulo', words.header],
    ['America/Fortaleza', words.header],
  ])(
    "names the reader's clock over the rows' times when it is not the guild's (%s)",
    async (reader, header) => {
      await loadTexts(['history'], language)
      readerOn(reader)
      const calls = serveGuildZone()
      const created = {
        ...row('EVENT_CREATE', 'Molten Core · 2026-12-07 00:00 America/Sao_Paulo'),
        createdAt: '2026-12-07T03:07:00.000Z',
      }
      renderPage(<ActivityTable rows={[created]} />)
      await guildZoneRead(calls)
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy()
      const [tr] = screen.getAllByRole('row').slice(1)
      expect(within(tr!).getAllByRole('cell')[4]!.textContent).toBe(formatDateTime(created.createdAt, reader))
    },
  )
})
