import { fireEvent, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, mockFetch, renderPage } from '@web/test/render'
import { me } from '@web/test/factories'
import { ProfilePage } from './profile-page'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['profile']))

describe('profile page', () => {
  it('shows the initials avatar and the account card (role, member since)', async () => {
    mockFetch(() => ({ body: me() }))
    renderPage(<ProfilePage />, '/', { live: true })
    expect(await screen.findByText('AL')).toBeTruthy()
    expect(screen.getByTestId('account-email').textContent).toBe('ana@example.com')
    expect(screen.getByTestId('account-guild').textContent).toBe('Cavaleiros')
    expect(screen.getByTestId('account-role').textContent).toBe('Administrador')
    expect(screen.getByTestId('account-memberSince').textContent).toBe('10/01/2025')
  })

  it("saves display and character names: 'Perfil atualizado'", async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH'
        ? { body: { ...me().profile, displayName: 'Bia Souza', gameCharacterName: 'Bia#1' } }
        : { body: me() },
    )
    renderPage(<ProfilePage />, '/', { live: true })
    const name = await screen.findByLabelText('Nome de exibição')
    fireEvent.change(name, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Informe seu nome de exibição.')).toBeTruthy()
    fireEvent.change(name, { target: { value: 'Bia Souza' } })
    fireEvent.change(screen.getByLabelText('Nome do personagem no jogo'), { target: { value: 'Bia#1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitForToast('success', 'Perfil atualizado', {
      description: 'Suas informações foram salvas com sucesso.',
    })
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      displayName: 'Bia Souza',
      gameCharacterName: 'Bia#1',
    })
    expect(await screen.findByText('BS')).toBeTruthy()
    expect(screen.getByTestId('account-role').textContent).toBe('Administrador')
  })

  it("calls a member 'Membro'", async () => {
    const member = me()
    member.profile!.role = 'guild_member'
    mockFetch(() => ({ body: member }))
    renderPage(<ProfilePage />, '/', { live: true })
    expect((await screen.findByTestId('account-role')).textContent).toBe('Membro')
  })
})
