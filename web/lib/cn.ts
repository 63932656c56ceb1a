import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

// tailwind-merge builds its map of every Tailwind class on its first call: 19–40 ms in Chromium here, 54–140 ms
// at a phone's 4× slowdown, in one task, in the middle of a server-rendered page's hydration
// (docs/decisions/014-server-rendering.md, "Class merges from the server"). So the server records the merges
// its render made and hands them over with the page (web/app/server-data.ts); the browser's hydration, which
// makes the same calls, reads them and never builds the map. A merge is a pure function of its input, the
// same code on both sides: the answers are the browser's own.

/** A merge that changed nothing is its input alone; one that did, [input, merged]. */
export type ClassMerges = (string | [string, string])[]

/** A performance mark set when this page first asks tailwind-merge itself (the journeys look for it). */
export const CLASS_MAP_MARK = 'lq:tailwind-merge-map'

const seeded = new Map<string, string>()
let recording: Map<string, string> | null = null
let mapBuilt = false

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs)
  let merged = seeded.get(classes)
  if (merged === undefined) {
    if (!mapBuilt) {
      mapBuilt = true
      globalThis.performance?.mark?.(CLASS_MAP_MARK)
    }
    merged = twMerge(classes)
  }
  recording?.set(classes, merged)
  return merged
}

/**
 * A component's own `classes` with a caller's `className`, which wins where they clash. The component's own
 * classes hold no clash (its tests check), so without a className they are used as they are: what only the
 * browser draws at load then asks nothing of tailwind-merge.
 */
export function withClassName(classes: string, className: string | null | undefined) {
  return className ? cn(classes, className) : classes
}

/** The server's side: `render`'s result, and every merge `cn` made while it ran (synchronously). */
export function recordClassMerges<T>(render: () => T): { result: T; merges: ClassMerges } {
  const made = new Map<string, string>()
  recording = made
  try {
    const result = render()
    const merges = [...made].map(([input, merged]): string | [string, string] =>
      input === merged ? input : [input, merged],
    )
    return { result, merges }
  } finally {
    recording = null
  }
}

/** The browser's side, before hydrating: the server's merges, answered without tailwind-merge. */
export function seedClassMerges(merges: ClassMerges) {
  for (const merge of merges) {
    if (typeof merge === 'string') seeded.set(merge, merge)
    else seeded.set(merge[0], merge[1])
  }
}
