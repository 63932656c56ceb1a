import { Hono } from 'hono'
import type { AppEnv } from '../../app-context'
import { latestMails } from './dev.queries'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!)

/** Development only: the e-mail outbox used when no SMTP_URL is set. */
export const devRouter = new Hono<AppEnv>()
  .get('/outbox.json', async (c) => {
    const rows = await latestMails(c.get('deps').database.db)
    return c.json(rows)
  })
  .get('/outbox', async (c) => {
    const rows = await latestMails(c.get('deps').database.db)
    const list = rows
      .map(
        (m) =>
          `<article style="border:1px solid #ddd;border-radius:8px;padding:12px;margin:12px 0"><p><strong>${escapeHtml(m.subject)}</strong><br>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>${m.html}</article>`,
      )
      .join('')
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title></head><body style="font-family:sans-serif;max-width:760px;margin:auto"><h1>Outbox (development)</h1>${list || '<p>Empty.</p>'}</body></html>`,
    )
  })
