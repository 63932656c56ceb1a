import { describe, expect, it } from 'vitest'
import { sameClock, zoneName } from './zone-name'

// A raid night's times are on the guild's clock and say its zone to a reader on another
// (docs/product-rules.md, "Raid nights"): the zone named for a person, from the platform's zone data.
const DECEMBER = new Date('2026-12-06T17:00:00Z')
const JULY = new Date('2026-07-06T17:00:00Z')

describe('a time zone named for a person', () => {
  it.each([
    ['Europe/Berlin', 'Horário Alemanha', 'Germany Time'],
    ['America/New_York', 'Horário Nova York', 'Eastern Time'],
    ['America/Sao_Paulo', 'Horário Padrão de Brasília', 'São Paulo Time'],
    ['Asia/Tokyo', 'Horário Japão', 'Japan Time'],
    ['UTC', 'Horário Universal Coordenado', 'Coordinated Universal Time'],
  ])('names %s by its place or its zone, never an abbreviation', (zone, pt, en) => {
    expect(zoneName(zone, 'pt-BR', DECEMBER)).toBe(pt)
    expect(zoneName(zone, 'en-US', DECEMBER)).toBe(en)
  })

  it('names a zone with no name by its offset, and gives an unknown id back as it is', () => {
    expect(zoneName('Etc/GMT+3', 'pt-BR', DECEMBER)).toBe('GMT-3')
    expect(zoneName('Etc/GMT+3', 'en-US', DECEMBER)).toBe('GMT-3')
    expect(zoneName('Mars/Olympus', 'en-US', DECEMBER)).toBe('Mars/Olympus')
  })
})

describe('two zones on the same clock', () => {
  it('read alike when their clocks show the same time at every instant asked, whatever their ids', () => {
    expect(sameClock('Europe/Berlin', 'Europe/Berlin', [DECEMBER])).toBe(true)
    expect(sameClock('Europe/Paris', 'Europe/Berlin', [DECEMBER, JULY])).toBe(true)
    expect(sameClock('America/Sao_Paulo', 'Europe/Berlin', [DECEMBER])).toBe(false)
  })

  it('differ at an instant one of them is on summer time and the other is not', () => {
    // Halifax is UTC−3 in July (as São Paulo is all year) and UTC−4 in December.
    expect(sameClock('America/Halifax', 'America/Sao_Paulo', [JULY])).toBe(true)
    expect(sameClock('America/Halifax', 'America/Sao_Paulo', [DECEMBER])).toBe(false)
    expect(sameClock('America/Halifax', 'America/Sao_Paulo', [JULY, DECEMBER])).toBe(false)
  })

  it('never read alike with a zone the platform does not know', () => {
    expect(sameClock('Mars/Olympus', 'UTC', [DECEMBER])).toBe(false)
  })
})
