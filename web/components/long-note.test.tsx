import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadTexts, renderPage } from '@web/test/render'
import { LONG_NOTE_CHARS, LongNote } from './long-note'

// A 500-character penalty reason filled a phone's queue row (an outside tester): past LONG_NOTE_CHARS a note
// shows three lines and a button for the rest.

const long = 'Saiu no meio da raid sem avisar. '.repeat(16)

describe('a long note', () => {
  it.each([
    { language: 'pt' as const, more: 'Mostrar mais', less: 'Mostrar menos' },
    { language: 'en' as const, more: 'Show more', less: 'Show less' },
  ])(
    '$language: shows three lines and opens to the whole text, the button saying which',
    async ({ language, more, less }) => {
      expect(long.length).toBeGreaterThan(LONG_NOTE_CHARS)
      await loadTexts([], language)
      renderPage(<LongNote text={long}>{long}</LongNote>)
      const button = screen.getByRole('button', { name: more })
      const note = document.getElementById(button.getAttribute('aria-controls')!)!
      expect(note.textContent).toBe(long)
      expect(note.className).toContain('line-clamp-3')
      expect(button.getAttribute('aria-expanded')).toBe('false')
      fireEvent.click(button)
      expect(button.getAttribute('aria-expanded')).toBe('true')
      expect(button.textContent).toBe(less)
      expect(note.className).not.toContain('line-clamp-3')
    },
  )

  it('shows a short note whole, with no button', async () => {
    await loadTexts([])
    renderPage(<LongNote text="Saiu cedo">Motivo: Saiu cedo</LongNote>)
    expect(screen.getByText('Motivo: Saiu cedo').className).not.toContain('line-clamp')
    expect(screen.queryByRole('button')).toBeNull()
  })
})
