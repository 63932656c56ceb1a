import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@web/lib/api-client'
import { downloadHistoryCsv } from './download-history-csv'

// jsdom has no object URLs; this file's environment is its own, so plain stand-ins are enough.
URL.createObjectURL = () => 'blob:csv'
URL.revokeObjectURL = () => {}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('CSV download', () => {
  it('asks for the filtered export in the reader time zone and saves it under the server name', async () => {
    const fetchMock = stubFetch(
      new Response('\uFEFFData;Item\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="historico-distribuicao-x-2024-05-01.csv"',
        },
      }),
    )
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    )
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })

    const name = await downloadHistoryCsv({ kind: 'loot', search: ' João ', rarity: 'epic' })

    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x')
    expect(url.pathname).toBe('/api/v1/history/loot.csv')
    expect(url.searchParams.get('search')).toBe('João')
    expect(url.searchParams.get('rarity')).toBe('epic')
    // The file's dates are on the guild's clock, which the server knows: the reader's is not sent.
    expect(url.searchParams.has('tz')).toBe(false)
    expect(name).toBe('historico-distribuicao-x-2024-05-01.csv')
    expect(clicked).toHaveLength(1)
    expect(clicked[0]!.download).toBe(name)
    expect(clicked[0]!.href).toBe('blob:csv')
  })

  it('leaves out an "all" rarity and turns a refusal into an ApiError with its code', async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Sem permissão.' } }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    )
    const failure = downloadHistoryCsv({ kind: 'loot', search: '', rarity: 'all' })
    await expect(failure).rejects.toBeInstanceOf(ApiError)
    await expect(failure).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' })
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x')
    expect(url.searchParams.has('rarity')).toBe(false)
    expect(url.searchParams.has('search')).toBe(false)
  })
})
