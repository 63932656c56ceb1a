import { fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { MAX_DISPLAY_NAME, MAX_GAME_CHARACTER_NAME } from '@contract/accounts'
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

  it('says under a name too long how many characters it takes, checked here or refused by the server', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'x',
                fields: { gameCharacterName: 'tooLong' },
                limits: { gameCharacterName: { max: MAX_GAME_CHARACTER_NAME } },
              },
            },
          }
        : { body: me() },
    )
    renderPage(<ProfilePage />, '/', { live: true })
    const name = await screen.findByLabelText('Nome de exibição')
    fireEvent.change(name, { target: { value: 'x'.repeat(MAX_DISPLAY_NAME + 1) } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(
      await screen.findByText(`Texto longo demais: no máximo ${MAX_DISPLAY_NAME} caracteres.`),
    ).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)

    fireEvent.change(name, { target: { value: 'Bia Souza' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() =>
      expect(document.getElementById('profile-character-error')?.textContent).toBe(
        `Texto longo demais: no máximo ${MAX_GAME_CHARACTER_NAME} caracteres.`,
      ),
    )
    expect(name.getAttribute('aria-invalid')).toBeNull()
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1)
    expect(toast.error).not.toHaveBeenCalled()
  })

  it("calls a member 'Membro'", async () => {
    const member = me()
    member.profile!.role = 'guild_member'
    mockFetch(() => ({ body: member }))
    renderPage(<ProfilePage />, '/', { live: true })
    expect((await screen.findByTestId('account-role')).textContent).toBe('Membro')
  })
})
