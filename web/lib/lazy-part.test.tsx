import { act, fireEvent, render, screen } from '@testing-library/react'
import { type ComponentType, Suspense, useState } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyPart, preloadLazyParts, recordLazyParts } from './lazy-part'

// A part the server drew must be loaded before the browser hydrates it (web/lib/lazy-part.tsx): the server
// names the parts it drew, and the browser loads those names, a part inside another part's chunk included.

describe('lazyPart', () => {
  it('names the parts a render drew, and only those', () => {
    const Shown = lazyPart('test-shown', async () => () => <p>shown</p>)
    lazyPart('test-not-shown', async () => () => <p>not shown</p>)
    const { result, parts } = recordLazyParts(() =>
      renderToString(
        <Suspense fallback="later">
          <Shown />
        </Suspense>,
      ),
    )
    // Not loaded yet: the part suspends, as React's lazy does (the server renders again: web/entry-server.tsx).
    expect(result).toContain('later')
    expect(parts).toEqual(['test-shown'])
    expect(recordLazyParts(() => renderToString(<p />)).parts).toEqual([])
  })

  it('renders at once once preloaded, a part inside another part’s chunk included', async () => {
    let Inner: ReturnType<typeof lazyPart> | undefined
    const loads: string[] = []
    const Outer = lazyPart('test-outer', async () => {
      loads.push('outer')
      // The inner part's loader is known only once the outer chunk ran.
      Inner = lazyPart('test-inner', async () => {
        loads.push('inner')
        return () => <i>inner</i>
      })
      const InnerPart = Inner
      return () => (
        <b>
          outer <InnerPart />
        </b>
      )
    })
    await preloadLazyParts(['test-outer', 'test-inner', 'test-unknown'])
    expect(loads).toEqual(['outer', 'inner'])
    expect(renderToString(<Outer />)).toBe('<b>outer <i>inner</i></b>')
  })

  it('keeps its state once loaded when it was first drawn before its chunk came (a tab opened in the browser)', async () => {
    let arrive: () => void = () => {}
    const Counter = lazyPart(
      'test-counter',
      () =>
        new Promise<ComponentType>((resolve) => {
          arrive = () => resolve(Count)
        }),
    )
    const page = (label: string) => (
      <Suspense fallback="loading">
        <p>{label}</p>
        <Counter />
      </Suspense>
    )
    const { rerender } = render(page('first'))
    expect(screen.getByText('loading')).toBeTruthy()
    await act(async () => arrive())
    fireEvent.click(await screen.findByRole('button', { name: 'count 0' }))
    expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy()
    // The page around it renders again: the part is the same component, its state kept.
    rerender(page('second'))
    expect(screen.getByText('second')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'count 1' })).toBeTruthy()
  })
})

/** A part with state of its own, for the test above. */
function Count() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      count {count}
    </button>
  )
}
