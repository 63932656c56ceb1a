// When the server began reading the data the page in hand was drawn from (ServerData's `readAt`, web/app/
// server-data.ts), for the first live stream that opens: it catches up when the guild changed since
// (web/lib/realtime.ts). Its own module so that the page's first script does not carry the stream's code.

let readAt: number | null = null

/** The page in hand was drawn from data the server read at `at` (ms, the server's clock). */
export function noteDrawnFromData(at: number) {
  readAt = at
}

/** When the page in hand's data was read, once: the first stream to open takes it. */
export function takeDrawnFromDataReadAt(): number | null {
  const at = readAt
  readAt = null
  return at
}
