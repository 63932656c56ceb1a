import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@web/lib/api-client'
import { createQueryClient } from '@web/lib/query-client'
import { QueryClient, QueryClientProvider, useQuery } from './queries'

// The public entry's stand-in for TanStack Query: one request per key however many readers, a refetch of
// what an invalidated prefix covers, and no retry of a client error (the app's createQueryClient rule).

function Reader({ id, queryKey, fn }: { id: string; queryKey: string[]; fn: () => Promise<string> }) {
  const query = useQuery({ queryKey, queryFn: fn })
  return (
    <p data-testid={id}>{query.isError ? `error ${(query.error as ApiError).code}` : (query.data ?? '…')}</p>
  )
}

/** A client with the app's defaults (the public build gets this module's QueryClient from createQueryClient). */
const appClient = () => new QueryClient({ defaultOptions: createQueryClient().getDefaultOptions() as never })

describe('the public queries', () => {
  it('shares one answer per key and refetches what an invalidated prefix covers', async () => {
    const client = appClient()
    let calls = { a: 0, b: 0 }
    const a = async () => `a${++calls.a}`
    const b = async () => `b${++calls.b}`
    render(
      <QueryClientProvider client={client}>
        <Reader id="a1" queryKey={['public', 's', 'view']} fn={a} />
        <Reader id="a2" queryKey={['public', 's', 'view']} fn={a} />
        <Reader id="b" queryKey={['public', 's', 'queue', 'x']} fn={b} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('a1').textContent).toBe('a1'))
    expect(screen.getByTestId('a2').textContent).toBe('a1')
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe('b1'))
    expect(calls).toEqual({ a: 1, b: 1 })

    await act(() => client.invalidateQueries({ queryKey: ['public', 's', 'queue'] }))
    expect(screen.getByTestId('b').textContent).toBe('b2')
    expect(screen.getByTestId('a1').textContent).toBe('a1')
    await act(() => client.invalidateQueries({ queryKey: ['public', 's'] }))
    expect(calls).toEqual({ a: 2, b: 3 })
    calls = { a: 0, b: 0 }
  })

  it('does not retry a client error', async () => {
    const client = appClient()
    let calls = 0
    const fail = async (): Promise<string> => {
      calls++
      throw new ApiError(401, 'PUBLIC_ACCESS_REQUIRED', 'x')
    }
    render(
      <QueryClientProvider client={client}>
        <Reader id="r" queryKey={['public', 's', 'gate']} fn={fail} />
      </QueryClientProvider>,
    )
    await waitFor(() => expect(screen.getByTestId('r').textContent).toBe('error PUBLIC_ACCESS_REQUIRED'))
    expect(calls).toBe(1)
  })
})
