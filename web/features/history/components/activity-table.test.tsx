import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ActivityRow } from '@contract/history'
import { loadTexts, renderPage } from '@web/test/render'
import { ActivityTable } from './activity-table'

// Issue 14, item 4: the activity log shows no code, field or enum name ('Guild atualizada —
// publicAccessPassword'): the stored, language-neutral facts are put into words on screen.

const row = (actionType: string, description: string): ActivityRow => ({
  id: crypto.randomUUID(),
  userName: 'Ágata',
  actionType,
  tableName: 'guilds',
  recordId: null,
  description,
  createdAt: '2024-05-10T15:00:00.000Z',
})

const rows = [
  row('GUILD_UPDATE', 'Night Raiders · publicAccessPassword'),
  row('ITEM_UPDATE', 'Espada · rarity, itemType'),
  row('PLAYER_UPDATE', 'Thrall · active → inactive'),
  row('QUEUE_UNDO', 'Espada · PLAYER_ABSENT'),
]

const texts = {
  pt: [
    ['Guild atualizada', 'Night Raiders · alterado: senha de acesso público'],
    ['Item editado', 'Espada · alterado: raridade, tipo'],
    ['Jogador editado', 'Thrall · ativo → inativo'],
    ['Ação desfeita', 'Espada · Jogador ausente'],
  ],
  en: [
    ['Guild updated', 'Night Raiders · changed: public access password'],
    ['Item edited', 'Espada · changed: rarity, type'],
    ['Player edited', 'Thrall · active → inactive'],
    ['Action undone', 'Espada · Player absent'],
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
    expect(shown).not.toMatch(/publicAccessPassword|itemType|PLAYER_ABSENT/)
  })
})
