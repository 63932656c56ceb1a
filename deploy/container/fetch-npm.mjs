// The image's npm (Dockerfile, build stage): the registry's own release of the version the Dockerfile pins,
// written to the file given only once its SHA-512 matches the digest pinned beside it, as `npm ci` checks
// every package against the lock. Debian's npm package would bring nearly 400 packages (eslint, gyp, …) for
// a tool the image only builds with.
//
//   node fetch-npm.mjs VERSION INTEGRITY FILE     (INTEGRITY: "sha512-…", as `npm view npm@VERSION dist.integrity`)
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'

const [version, integrity, file] = process.argv.slice(2)
if (!version || !integrity?.startsWith('sha512-') || !file) {
  console.error('usage: node fetch-npm.mjs VERSION sha512-DIGEST FILE')
  process.exit(2)
}
const registry = (process.env.NPM_CONFIG_REGISTRY ?? 'https://registry.npmjs.org').replace(/\/$/, '')
const url = `${registry}/npm/-/npm-${version}.tgz`
const response = await fetch(url)
if (!response.ok) {
  console.error(`fetch-npm: ${url} answered ${response.status}`)
  process.exit(1)
}
const tarball = Buffer.from(await response.arrayBuffer())
const digest = `sha512-${createHash('sha512').update(tarball).digest('base64')}`
if (digest !== integrity) {
  console.error(`fetch-npm: ${url} has digest ${digest}, not the pinned ${integrity}`)
  process.exit(1)
}
writeFileSync(file, tarball)
console.log(`fetch-npm: npm ${version}, ${tarball.length} bytes, digest checked`)
