import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { describedAs, loadTexts, renderPage } from '@web/test/render'
import { QUEUE_NOTE_MAX } from '@contract/queue-limits'
import { PenaltyDialog } from './penalty-dialog'

// The penalty's reason is required (docs/product-rules.md, "A penalty … needs a note"): like the app's other
// forms, the submit stays enabled and a refused submit says why on the field, focused, and sends nothing.
const words = {
  pt: {
    label: 'Motivo da penalidade (obrigatório)',
    days: 'Dias de penalidade',
    submit: 'Aplicar penalidade',
    required: 'Informe o motivo da penalidade.',
    daysInvalid: 'Informe um número inteiro de dias entre 1 e 365.',
    tooLong: `Texto longo demais: no máximo ${QUEUE_NOTE_MAX} caracteres.`,
  },
  en: {
    label: 'Reason for the penalty (required)',
    days: 'Penalty days',
    submit: 'Apply penalty',
    required: 'Give the reason for the penalty.',
    daysInvalid: 'Enter a whole number of days between 1 and 365.',
    tooLong: `Too long: at most ${QUEUE_NOTE_MAX} characters.`,
  },
} as const

describe.each(['pt', 'en'] as const)('penalty dialog (%s)', (language) => {
  const said = words[language]
  beforeAll(() => loadTexts(['items'], language))
  afterAll(() => loadTexts(['items'], 'pt'))

  const open = () => {
    const onSubmit = vi.fn(async () => true)
    const onClose = vi.fn()
    renderPage(<PenaltyDialog playerName="Aria" busy={false} onSubmit={onSubmit} onClose={onClose} />)
    const dialog = screen.getByRole('dialog')
    const note = within(dialog).getByLabelText(said.label) as HTMLTextAreaElement
    const submit = within(dialog).getByRole('button', { name: said.submit })
    return { dialog, note, submit, onSubmit, onClose }
  }

  it('an empty or blank reason: the submit stays enabled, and says why on the field, focused; nothing sent', async () => {
    const { note, submit, onSubmit } = open()
    // Required, in the label a screen reader reads, and as the control's state.
    expect(note.required).toBe(true)
    // No error before a submit: an empty reason on opening is no mistake yet.
    expect(note.getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByText(said.required)).toBeNull()

    for (const reason of ['', '   ']) {
      fireEvent.change(note, { target: { value: reason } })
      expect(submit).toHaveProperty('disabled', false)
      fireEvent.click(submit)
      await waitFor(() => expect(document.activeElement).toBe(note))
      expect(screen.getByRole('alert').textContent).toBe(said.required)
      expect(note.getAttribute('aria-invalid')).toBe('true')
      expect(describedAs(note)).toContain(said.required)
    }
    expect(onSubmit).not.toHaveBeenCalled()

    // A reason typed takes the error away; the submit then sends it, trimmed.
    fireEvent.change(note, { target: { value: ' Saiu cedo ' } })
    expect(screen.queryByText(said.required)).toBeNull()
    expect(note.getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(submit)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ days: 7, note: 'Saiu cedo' }))
  })

  it('bad days and a reason over the limit: the submit says so too, focusing the field to fix', async () => {
    const { dialog, note, submit, onSubmit } = open()
    const days = within(dialog).getByLabelText(said.days) as HTMLInputElement
    fireEvent.change(days, { target: { value: '0' } })
    fireEvent.click(submit)
    // The days come first: focused, with their error; the missing reason says so as well.
    await waitFor(() => expect(document.activeElement).toBe(days))
    expect(describedAs(days)).toContain(said.daysInvalid)
    expect(describedAs(note)).toContain(said.required)

    fireEvent.change(days, { target: { value: '3' } })
    fireEvent.change(note, { target: { value: 'x'.repeat(QUEUE_NOTE_MAX + 1) } })
    fireEvent.click(submit)
    await waitFor(() => expect(document.activeElement).toBe(note))
    expect(describedAs(note)).toContain(said.tooLong)
    expect(note.getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
