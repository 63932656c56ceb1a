import { describe, expect, it } from 'vitest'
import { compareNames, sortByName } from '@contract/names'

// contract/names.ts sorts every list of names with one collator for both languages, on the server and in the
// browser. That holds only while Portuguese and English collate alike (CLDR tailors neither): checked here
// on names that differ by accents, case, digits, punctuation and script.

const NAMES = [
  'Samwise',
  'Éowyn',
  'eowyn',
  'EOWYN',
  'ana',
  'Ánia',
  'Ana',
  'Ção',
  'cao',
  'Jogador 10',
  'Jogador 2',
  'jogador 1',
  "O'Neil",
  'Oneil',
  'O-Ren',
  'Zoë',
  'zoe',
  'Ørn',
  'Łukasz',
  'Ñandú',
  'Владимир',
  'Αθηνά',
  '李',
  '',
]

type Row = { id: string; name: string }
const byName = (rows: Row[]) =>
  sortByName(
    rows,
    (r) => r.name,
    (r) => r.id,
  )
const sortedBy = (locale: string) => [...NAMES].sort(new Intl.Collator(locale, { numeric: true }).compare)

describe('name order', () => {
  it('is the same in Portuguese and in English, and is the one the app uses', () => {
    expect(sortedBy('pt-BR')).toEqual(sortedBy('en-US'))
    const rows = NAMES.map((name, i) => ({ id: String(i).padStart(2, '0'), name }))
    expect(byName(rows).map((r) => r.name)).toEqual(sortedBy('pt-BR'))
  })

  it('reads accents and case as a person does, and numbers as numbers', () => {
    expect(compareNames('Éowyn', 'Samwise')).toBeLessThan(0)
    expect(compareNames('ana', 'Bruno')).toBeLessThan(0)
    expect(compareNames('Jogador 2', 'Jogador 10')).toBeLessThan(0)
  })

  it('keeps rows with the same name in the order of their ids', () => {
    const rows = [
      { id: 'b', name: 'Ana' },
      { id: 'a', name: 'Ana' },
    ]
    expect(byName(rows).map((r) => r.id)).toEqual(['a', 'b'])
  })
})
