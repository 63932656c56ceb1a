import { type ComponentType, lazy } from 'react'

// A part of a screen in a chunk of its own that the server may draw (web/entry-server.tsx). React's `lazy`
// alone is not enough there: the browser would hydrate the rest of the page and leave the part as the server's
// HTML until its chunk arrives, with controls that look ready and drop a click (a journey clicked the queue's
// note button in that gap: docs/decisions/014-server-rendering.md). So the server names the parts it drew, the
// browser loads them before hydrating, and a loaded part renders at once. A part drawn only after a reader's
// action (a dialog) stays a plain `lazy`: the server never draws it.

const loaders = new Map<string, () => Promise<unknown>>()
let drawing: Set<string> | null = null

/** `load`'s component, loaded on first render or by preloadLazyParts; `name` is unique among the parts. */
export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  const preload = () =>
    load().then((component) => {
      loaded = component
      return component
    })
  const Lazy = lazy(() => preload().then((component) => ({ default: component })))
  loaders.set(name, preload)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at its module's top level, as React's lazy makes its own.
  function LazyPart(props: P) {
    drawing?.add(name)
    // Never a switch under a drawn part: a render that met `Lazy` unloaded suspended and was not kept, and
    // React's retry once it loaded runs this again and finds `loaded` (lazy-part.test.tsx keeps its state).
    const Part = loaded ?? Lazy
    return <Part {...props} />
  }
  LazyPart.displayName = `LazyPart(${name})`
  return LazyPart
}

/** The server's side: `render` (synchronous, as renderToString is), with the names of the parts it drew. */
export function recordLazyParts<T>(render: () => T): { result: T; parts: string[] } {
  const drawn = new Set<string>()
  drawing = drawn
  try {
    return { result: render(), parts: [...drawn] }
  } finally {
    drawing = null
  }
}

/**
 * The browser's side, before hydrating: loads the parts the server drew. A part can sit inside another part's
 * chunk, so its loader is known once that chunk ran: each round loads what is known, until nothing new is.
 */
export async function preloadLazyParts(names: string[]): Promise<void> {
  const started = new Set<string>()
  for (;;) {
    const known = names.filter((name) => !started.has(name) && loaders.has(name))
    if (known.length === 0) return
    for (const name of known) started.add(name)
    await Promise.all(known.map((name) => loaders.get(name)!()))
  }
}
