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
    // The characters left are said under the box; no maxLength cuts a long paste unsaid.
    expect(box.maxLength).toBe(-1)
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

  it('keeps rules pasted over the limit, says by how much, and refuses to save them with the limit', async () => {
    const calls = mockApi(({ method, body }) =>
      method === 'GET'
        ? { body: { publicRules: null } }
        : { body: { publicRules: (body as { publicRules: string }).publicRules } },
    )
    renderPage(<PublicRulesDialog />)
    fireEvent.click(screen.getByRole('button', { name: 'Editar regras públicas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Regras públicas' })
    const box = (await within(dialog).findByLabelText('Regras')) as HTMLTextAreaElement
    const pasted = 'r'.repeat(PUBLIC_RULES_MAX + 12)
    fireEvent.change(box, { target: { value: pasted } })
    expect(box.value).toBe(pasted)
    expect(describedAs(box)).toBe('12 caracteres a mais.')
    expect(box.getAttribute('aria-invalid')).toBe('true')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }))
    const error = `Texto longo demais: no máximo ${PUBLIC_RULES_MAX} caracteres.`
    expect(await within(dialog).findByText(error)).toBeTruthy()
    expect(describedAs(box)).toBe(`${error} 12 caracteres a mais.`)
    expect(document.activeElement).toBe(box)
    expect(box.value).toBe(pasted)
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)

    fireEvent.change(box, { target: { value: 'r'.repeat(PUBLIC_RULES_MAX) } })
    expect(within(dialog).queryByText(error)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar regras' }))
    await waitForToast('success', 'Regras atualizadas com sucesso')
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ publicRules: 'r'.repeat(PUBLIC_RULES_MAX) })
  })
})
