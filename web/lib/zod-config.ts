import { config } from 'zod/v4/core'

// Zod compiles object schemas with `new Function` when it may, and finds out by trying once: under the
// app's Content-Security-Policy (no 'unsafe-eval') that try is refused and reported as a violation, though
// zod swallows the error. `jitless` skips the try and the compiling (issue 45). Imported first by the
// browser's entry (web/main.tsx), before any schema runs.
config({ jitless: true })
