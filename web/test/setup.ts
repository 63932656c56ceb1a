import { configure } from '@testing-library/react'
import { localeFileResponse } from './locale-files'

// Run before every web test file, after vitest.setup.ts: the texts the app fetches come from the disk. Set
// once as the global fetch itself, so a test's stubbed fetch, once undone (vi.unstubAllGlobals), falls back
// to this one.
const networkFetch = globalThis.fetch
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(localeFileResponse(String(input)) ?? networkFetch(input, init))) as typeof fetch

// findBy* and waitFor give up after 5 s, not testing-library's 1 s: three files at a time on two cores
// (vitest.config.ts) can keep a screen's first render past a second. What never comes still fails.
configure({ asyncUtilTimeout: 5_000 })
