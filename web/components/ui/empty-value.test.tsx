import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadTexts } from '@web/test/render'
import { EmptyValue } from './empty-value'

describe.each([
  ['pt', 'Não informado'],
  ['en', 'Not set'],
] as const)('empty value (%s)', (language, words) => {
  it('is an em dash on screen and words for a screen reader', async () => {
    await loadTexts([], language)
    render(<EmptyValue />)
    expect(screen.getByText('—').getAttribute('aria-hidden')).toBe('true')
    expect(screen.getByText(words).className).toContain('sr-only')
  })
})
