import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { waitForToast } from '@web/test/toasts'
import { NightSettingsCard } from './night-settings-card'
import { callsTo, serveNights } from './raid-nights.test-support'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }))

beforeAll(() => loadTexts(['events']))

const zoneButton = () => screen.getByRole('combobox', { name: 'Fuso horário' })

describe('raid-night settings on the guild page', () => {
  it("lets an admin search the browser's time zones and choose the no-show rule, each explained", async () => {
    const calls = serveNights()
    renderPage(<NightSettingsCard isAdmin />)
    await waitFor(() => expect(zoneButton().textContent).toBe('America/Sao Paulo (GMT-3)'))
    expect(screen.getByText(/não move os eventos já agendados/)).toBeTruthy()
    const keep = screen.getByRole('radio', { name: 'Mantém o lugar' }) as HTMLInputElement
    expect(keep.checked).toBe(true)
    expect(screen.getByText(/sem perder a posição/)).toBeTruthy()
    expect(screen.getByText(/ganha uma ausência/)).toBeTruthy()
    const save = screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement
    // Nothing changed yet.
    expect(save.disabled).toBe(true)

    fireEvent.click(zoneButton())
    const search = await screen.findByRole('combobox', { name: 'Buscar fuso horário' })
    const list = screen.getByRole('listbox', { name: 'Buscar fuso horário' })
    // Every zone this browser knows.
    expect(within(list).getAllByRole('option')).toHaveLength(Intl.supportedValuesOf('timeZone').length)
    fireEvent.change(search, { target: { value: 'lisb' } })
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringMatching(/^Europe\/Lisbon \(GMT/)])
    fireEvent.change(search, { target: { value: 'new york' } })
    fireEvent.keyDown(search, { key: 'Enter' })
    await waitFor(() => expect(zoneButton().textContent).toMatch(/^America\/New York \(GMT-[45]\)$/))

    fireEvent.click(screen.getByRole('radio', { name: 'Fica ausente na fila' }))
    fireEvent.click(save)
    await waitForToast('success', 'Configurações de eventos salvas')
    expect(callsTo(calls, 'PUT', '/raid-night-settings')[0]!.body).toEqual({
      timeZone: 'America/New_York',
      noShowRule: 'absent',
    })
    await waitFor(() => expect(save.disabled).toBe(true))
  })

  it('chooses a zone from the list with the arrows, or with a click', async () => {
    const calls = serveNights()
    renderPage(<NightSettingsCard isAdmin />)
    await waitFor(() => expect(zoneButton().textContent).toContain('Sao Paulo'))
    fireEvent.click(zoneButton())
    const search = await screen.findByRole('combobox', { name: 'Buscar fuso horário' })
    fireEvent.change(search, { target: { value: 'america/' } })
    fireEvent.keyDown(search, { key: 'ArrowDown' })
    const active = search.getAttribute('aria-activedescendant')!
    const second = document.getElementById(active)!
    fireEvent.keyDown(search, { key: 'Enter' })
    await waitFor(() => expect(zoneButton().textContent).toBe(second.textContent))

    fireEvent.click(zoneButton())
    fireEvent.change(await screen.findByRole('combobox', { name: 'Buscar fuso horário' }), {
      target: { value: 'tokyo' },
    })
    fireEvent.click(screen.getByRole('option', { name: /^Asia\/Tokyo/ }))
    await waitFor(() => expect(zoneButton().textContent).toBe('Asia/Tokyo (GMT+9)'))
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(callsTo(calls, 'PUT', '/raid-night-settings')).toHaveLength(1))
    expect(callsTo(calls, 'PUT', '/raid-night-settings')[0]!.body).toEqual({
      timeZone: 'Asia/Tokyo',
      noShowRule: 'keep',
    })
  })

  it("says under the field, in the reader's words, that the server does not know the zone", async () => {
    serveNights({
      replies: {
        'PUT /raid-night-settings': {
          status: 400,
          body: {
            error: { code: 'VALIDATION_FAILED', message: 'x', fields: { timeZone: 'invalidTimeZone' } },
          },
        },
      },
    })
    renderPage(<NightSettingsCard isAdmin />)
    await waitFor(() => expect(zoneButton().textContent).toContain('Sao Paulo'))
    fireEvent.click(zoneButton())
    fireEvent.change(await screen.findByRole('combobox', { name: 'Buscar fuso horário' }), {
      target: { value: 'tokyo' },
    })
    fireEvent.click(screen.getByRole('option', { name: /^Asia\/Tokyo/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Fuso horário desconhecido: escolha outro da lista.')).toBeTruthy()
    expect(zoneButton().getAttribute('aria-invalid')).toBe('true')
  })

  it('shows a member the settings read-only, each explained', async () => {
    const calls = serveNights({ settings: { timeZone: 'Europe/Lisbon', noShowRule: 'absent' } })
    renderPage(<NightSettingsCard isAdmin={false} />)
    expect((await screen.findByTestId('night-zone')).textContent).toMatch(/^Europe\/Lisbon \(GMT/)
    expect(screen.getByTestId('night-no-show').textContent).toBe('Fica ausente na fila')
    expect(screen.getByText(/ganha uma ausência/)).toBeTruthy()
    expect(screen.getByText('Só os administradores mudam estas configurações.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull()
    expect(screen.queryByRole('radio')).toBeNull()
    expect(callsTo(calls, 'PUT', '/raid-night-settings')).toHaveLength(0)
  })
})
