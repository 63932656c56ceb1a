// `npm run bench` measures the code production runs: the benchmarks bundled by esbuild as the server is
// (scripts/builds.ts), then run by plain Node from dist/bench. Run from the TypeScript sources through tsx,
// they measured tsx's keep-names helper too, a call per named closure created (2.4 % of a cached public
// read's main thread in a CPU profile), which production's bundle does not have.
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { bundleServerCode } from '../builds'

const root = resolve(import.meta.dirname, '../..')
const benches = readdirSync(join(root, 'scripts/bench')).filter((file) => file.endsWith('.bench.ts'))
await bundleServerCode(
  root,
  {
    bench: 'scripts/bench.ts',
    ...Object.fromEntries(
      benches.map((file) => [`bench/${file.slice(0, -'.ts'.length)}`, `scripts/bench/${file}`]),
    ),
  },
  'dist/bench',
)
