import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ActivityRow } from '@contract/history'
import { loadTexts, renderPage } from '@web/test/render'
import { ActivityTable } from './activity-table'

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
  createdAt: '2024-05-10T15:00:00.000Z',
})

const rows = [
  row('GUILD_UPDATE', 'Night Raiders · publicAccessPassword'),
  row('ITEM_UPDATE', 'Espada · rarity, itemType'),
  row('PLAYER_UPDATE', 'Thrall · active → inactive'),
  row('QUEUE_UNDO', 'Espada · PLAYER_ABSENT'),
  row('INTEGRATION_UPDATE', 'discord · url, events, language'),
  row('INTEGRATION_DISABLED', 'discord · 404'),
  row('INTEGRATION_DELETE', 'webhook'),
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
  ],
  en: [
    ['Guild updated', 'Night Raiders · changed: public access password'],
    ['Item edited', 'Espada · changed: rarity, type'],
    ['Player edited', 'Thrall · active → inactive'],
    ['Action undone', 'Espada · Player absent'],
    ['Integration set up', 'Discord · changed: address, announced events, language'],
    ['Integration turned off', 'Discord · the receiver refused the messages (HTTP 404); sending turned off'],
    ['Integration removed', 'Signed webhook'],
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
      expect(within(tr).getByText(action)).toBeTruthy()
      expect(within(tr).getByText(description)).toBeTruthy()
    })
    const shown = body.map((tr) => tr.textContent).join('\n')
    expect(shown).not.toMatch(/publicAccessPassword|itemType|PLAYER_ABSENT|discord ·|webhook$/)
  })

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
    expect(body.map((tr) => within(tr).getAllByRole('cell')[0]!.textContent)).toEqual(
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
    expect(within(tr!).getAllByRole('cell')[3]!.textContent).toBe('Avisou no Discord')
  })
})
