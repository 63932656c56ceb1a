import { Suspense } from 'react'
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
})
