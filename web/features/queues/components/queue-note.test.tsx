import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describedAs, loadTexts, renderPage } from '@web/test/render'
import { QUEUE_NOTE_MAX } from '@contract/queue-limits'
import { PendingQueueNote, QueueNoteButton } from './queue-note'

// The queue's quick note popover confirms like a form: Enter or "Usar nota" closes it with the note kept and
// the focus back on its trigger; Shift+Enter is a line break (queue-note.tsx).
const words = {
  pt: {
    trigger: 'Nota para a próxima ação na fila de Espada',
    edit: 'Editar nota para a próxima ação na fila de Espada',
    field: 'Nota da próxima ação',
    keys: 'Enter usa a nota; Shift+Enter quebra a linha.',
    use: 'Usar nota',
    clear: 'Remover a nota',
    pending: 'Nota da próxima ação:',
    officers: 'Só para oficiais',
    tooLong: `Texto longo demais: no máximo ${QUEUE_NOTE_MAX} caracteres.`,
  },
  en: {
    trigger: 'Note for the next action on the Espada queue',
    edit: 'Edit note for the next action on the Espada queue',
    field: 'Note for the next action',
    keys: 'Enter uses the note; Shift+Enter starts a new line.',
    use: 'Use note',
    clear: 'Remove the note',
    pending: 'Note for the next action:',
    officers: 'Officers only',
    tooLong: `Too long: at most ${QUEUE_NOTE_MAX} characters.`,
  },
} as const

/** The note as the queue panel holds it: the popover, and the line that says what the next action carries. */
function NoteOfAQueue() {
  const [note, setNote] = useState('')
  const [notePrivate, setNotePrivate] = useState(false)
  const clear = () => {
    setNote('')
    setNotePrivate(false)
  }
  return (
    <>
      <QueueNoteButton
        itemName="Espada"
        note={note}
        onChange={setNote}
        notePrivate={notePrivate}
        onPrivateChange={setNotePrivate}
        onClear={clear}
      />
      <PendingQueueNote note={note} notePrivate={notePrivate} />
    </>
  )
}

describe.each(['pt', 'en'] as const)('queue note popover (%s)', (language) => {
  const said = words[language]
  beforeAll(() => loadTexts(['items'], language))
  afterAll(() => loadTexts(['items'], 'pt'))

  const openNote = async (name: string = said.trigger) => {
    const trigger = screen.getByRole('button', { name })
    fireEvent.click(trigger)
    const field = (await screen.findByLabelText(said.field)) as HTMLTextAreaElement
    return { trigger, field }
  }
  const closedBackOn = async (trigger: HTMLElement) => {
    await waitFor(() => expect(screen.queryByLabelText(said.field)).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  }
  const pendingLine = () => screen.getByText(said.pending).parentElement!.textContent

  it('Enter keeps the note and closes, focus back on the trigger; Shift+Enter is a line break, said in the hint', async () => {
    renderPage(<NoteOfAQueue />)
    const { trigger, field } = await openNote()
    expect(describedAs(field)).toContain(said.keys)
    fireEvent.change(field, { target: { value: 'Boss final' } })
    // Shift+Enter is left to the textarea (a line break) and the popover stays open.
    expect(fireEvent.keyDown(field, { key: 'Enter', shiftKey: true })).toBe(true)
    fireEvent.change(field, { target: { value: 'Boss final\nrolou 98' } })
    expect(screen.getByLabelText(said.field)).toBe(field)
    // Enter adds nothing to the note: it takes it, and closes.
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(false)
    await closedBackOn(trigger)
    expect(pendingLine()).toContain('Boss final\nrolou 98')
    // The trigger now says there is a note to edit; opened again, the note is there as it was.
    expect(trigger.getAttribute('aria-label')).toBe(said.edit)
    const again = await openNote(said.edit)
    expect(again.field.value).toBe('Boss final\nrolou 98')
    // With the caret after its end, so what is typed next is added after it (it went before it: an outside
    // test, 2026-12-07).
    await waitFor(() => expect(document.activeElement).toBe(again.field))
    const end = again.field.value.length
    expect([again.field.selectionStart, again.field.selectionEnd]).toEqual([end, end])
  })

  it('"Use note" does what Enter does, keeping the officers-only flag; the note can be removed from the popover', async () => {
    renderPage(<NoteOfAQueue />)
    const { trigger, field } = await openNote()
    fireEvent.change(field, { target: { value: 'Decisão do conselho' } })
    fireEvent.click(screen.getByRole('checkbox', { name: said.officers }))
    fireEvent.click(screen.getByRole('button', { name: said.use }))
    await closedBackOn(trigger)
    expect(pendingLine()).toContain('Decisão do conselho')
    expect(pendingLine()).toContain(language === 'pt' ? 'Só oficiais' : 'Officers only')

    await openNote(said.edit)
    expect((screen.getByRole('checkbox', { name: said.officers }) as HTMLInputElement).checked).toBe(true)
    // Removed from the popover, the one place that does it: the line under the header only says it.
    expect(screen.getAllByRole('button', { name: said.clear })).toHaveLength(1)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: said.clear }))
    await closedBackOn(trigger)
    expect(screen.queryByText(said.pending)).toBeNull()
    expect(trigger.getAttribute('aria-label')).toBe(said.trigger)
  })

  it('a note over the limit is not taken: Enter and the button keep the popover open with the error', async () => {
    renderPage(<NoteOfAQueue />)
    const { trigger, field } = await openNote()
    const pasted = `${'x'.repeat(QUEUE_NOTE_MAX)} combinado`
    fireEvent.change(field, { target: { value: pasted } })
    expect(describedAs(field)).not.toContain(said.tooLong)
    fireEvent.keyDown(field, { key: 'Enter' })
    expect(screen.getByLabelText(said.field)).toBe(field)
    expect(describedAs(field)).toContain(said.tooLong)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: said.use }))
    expect(screen.getByLabelText(said.field)).toBe(field)
    expect(document.activeElement).toBe(field)
    // Shortened, it is taken.
    fireEvent.change(field, { target: { value: 'combinado' } })
    expect(describedAs(field)).not.toContain(said.tooLong)
    fireEvent.keyDown(field, { key: 'Enter' })
    await closedBackOn(trigger)
    expect(pendingLine()).toContain('combinado')
  })
})
