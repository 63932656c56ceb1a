import { afterEach } from 'vitest'

// Test helper: reads a server-sent-event Response as it arrives (for app.request and real fetch alike).

export type SseMessage = { event: string; data: string }

export function readSse(res: Response) {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  const messages: SseMessage[] = []
  const comments: string[] = []
  let buffer = ''
  let ended = false

  const parse = (block: string) => {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim())
      else if (line.startsWith('event:')) event = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).trim())
    }
    if (data.length > 0) messages.push({ event, data: data.join('\n') })
  }

  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let cut = buffer.indexOf('\n\n')
        while (cut >= 0) {
          parse(buffer.slice(0, cut))
          buffer = buffer.slice(cut + 2)
          cut = buffer.indexOf('\n\n')
        }
      }
    } catch {
      // cancelled by close()
    } finally {
      ended = true
    }
  })()

  async function until<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = check()
      if (found !== undefined) return found
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(messages)}`)
      await new Promise((r) => setTimeout(r, 5))
    }
  }

  return {
    messages,
    comments,
    get ended() {
      return ended
    },
    /** Resolves with the first message of this event name after index `from`. */
    waitFor: (event: string, { from = 0, timeoutMs = 5000 } = {}) =>
      until(() => messages.slice(from).find((m) => m.event === event), timeoutMs, `event ${event}`),
    /** Resolves with the index of the first message after `from` that `matches`. */
    waitForMessage: (
      matches: (message: SseMessage) => boolean,
      { from = 0, timeoutMs = 5000, what = 'a matching message' } = {},
    ) =>
      until(
        () => {
          const index = messages.findIndex((m, i) => i >= from && matches(m))
          return index >= 0 ? index : undefined
        },
        timeoutMs,
        what,
      ),
    waitForComment: (text: string, timeoutMs = 5000) =>
      until(() => comments.find((c) => c === text), timeoutMs, `comment ${text}`),
    waitForEnd: (timeoutMs = 5000) => until(() => (ended ? true : undefined), timeoutMs, 'end of stream'),
    close: async () => {
      await reader.cancel().catch(() => {})
      await pump
    },
  }
}

/** The streams a test opens, all closed after it: `const open = streamsClosedAfterEach()`, `open.push(stream)`. */
export function streamsClosedAfterEach() {
  const open: { close: () => Promise<void> }[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()))
  })
  return open
}
