import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { describedAs, loadTexts, mockApi, renderPage } from '@web/test/render'
import { PUBLIC_RULES_MAX } from '@contract/queue-limits'
import { PublicRulesDialog } from './public-rules-dialog'
import { waitForToast } from '@web/test/toasts'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['items']))

describe('public rules', () => {
  it('opens from the page header button with the saved text in a 10-row box, and saves it', async () => {
    const calls = mockApi(({ method, body }) =>
      method === 'GET'
        ? { body: { publicRules: 'Regra 1\nRegra 2' } }
        : { body: { publicRules: (body as { publicRules: string }).publicRules } },
    )
    renderPage(<PublicRulesDialog />)
    expect(calls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Editar regras públicas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Regras públicas' })
    const box = (await within(dialog).findByLabelText('Regras')) as HTMLTextAreaElement
    await waitFor(() => expect(box.value).toBe('Regra 1\nRegra 2'))
    expect(box.rows).toBe(10)
    // The characters left are said under the box: the field's limit never cuts a long paste unsaid.
    expect(box.maxLength).toBe(PUBLIC_RULES_MAX)
    expect(describedAs(box)).toBe(`Restam ${PUBLIC_RULES_MAX - 'Regra 1\nRegra 2'.length} caracteres.`)
    fireEvent.change(box, { target: { value: 'Quem faltar vai para o fim.\nSem exceções.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }))
    await waitForToast('success', 'Regras atualizadas com sucesso')
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/public-rules',
      body: { publicRules: 'Quem faltar vai para o fim.\nSem exceções.' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
