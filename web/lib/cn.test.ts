import { describe, expect, it, vi } from 'vitest'
import { cn, recordClassMerges, seedClassMerges } from './cn'

const asked = vi.hoisted(() => [] as string[])
vi.mock('tailwind-merge', async (actual) => {
  const { twMerge } = await actual<typeof import('tailwind-merge')>()
  return {
    twMerge: (classes: string) => {
      asked.push(classes)
      return twMerge(classes)
    },
  }
})

// The module keeps its seeds for the page's life: each test uses class lists of its own.
describe('cn', () => {
  it('lets the later class win where two clash, and keeps the rest in order', () => {
    expect(cn('px-2 py-1 text-sm', false && 'hidden', 'px-4')).toBe('py-1 text-sm px-4')
  })

  it('records every merge a render makes, the unchanged ones as their input alone', () => {
    const { result, merges } = recordClassMerges(() => [cn('flex gap-1', 'gap-3'), cn('grid p-2')])
    expect(result).toEqual(['flex gap-3', 'grid p-2'])
    expect(merges).toEqual([['flex gap-1 gap-3', 'flex gap-3'], 'grid p-2'])
    // Nothing is recorded outside a render.
    cn('block m-1')
    expect(recordClassMerges(() => null).merges).toEqual([])
  })

  it('answers a seeded merge from the seed, without asking tailwind-merge', () => {
    seedClassMerges([['inline m-1 m-2', 'inline m-2'], 'table p-3'])
    asked.length = 0
    expect(cn('inline m-1', 'm-2')).toBe('inline m-2')
    expect(cn('table p-3')).toBe('table p-3')
    expect(asked).toEqual([])
    expect(cn('table p-3', 'p-4')).toBe('table p-4')
    expect(asked).toEqual(['table p-3 p-4'])
  })
})
