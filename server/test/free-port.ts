import { createServer } from 'node:net'

/** A port nothing listens on right now (the OS picks it), for a server a test or script starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolvePort(port))
    })
    srv.on('error', reject)
  })
}
