import { networkInterfaces } from 'node:os'

/**
 * The addresses the app can be opened at: localhost and each non-internal IPv4 of this machine (a LAN
 * address lets the guild open it from other devices; same-origin requests work at any of them).
 */
export function listenUrls(port: number, interfaces = networkInterfaces()): string[] {
  const external = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address.address}:${port}`)
  return [`http://localhost:${port}`, ...new Set(external)]
}
