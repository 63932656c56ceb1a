import { describe, expect, it } from 'vitest'
import { holdsSearch } from './names'

describe('holdsSearch', () => {
  it('finds Portuguese words typed without their accents, or in capitals with them', () => {
    for (const typed of ['lamina', 'LÂMINA', 'lâmina', 'dragao', 'do Dragão', '  DRAGÃO ']) {
      expect(holdsSearch('Lâmina do Dragão Ancestral', typed)).toBe(true)
    }
    expect(holdsSearch('Elmo de Ébano', 'ebano')).toBe(true)
    expect(holdsSearch('Coração', 'coracao')).toBe(true)
  })

  it('finds English words the same way', () => {
    expect(holdsSearch('Naïve Crown of the Café', 'naive')).toBe(true)
    expect(holdsSearch('Naïve Crown of the Café', 'CAFE')).toBe(true)
    expect(holdsSearch('Ring of the Moon', 'MOON')).toBe(true)
  })

  it('keeps what does not hold the search out, and an empty search holds everything', () => {
    expect(holdsSearch('Lâmina do Dragão', 'espada')).toBe(false)
    expect(holdsSearch(null, 'lamina')).toBe(false)
    expect(holdsSearch(null, '  ')).toBe(true)
    expect(holdsSearch('Lâmina', '')).toBe(true)
  })
})
