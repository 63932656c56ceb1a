import type { Language } from '../../../contract/enums'
import { translate } from '../../lib/i18n'
import type { Mail } from './mailer'

export type MailKind = 'verify' | 'reset' | 'invite' | 'signupAttempt'

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

/** A button of a message: its label's key in the `email` texts, and where it leads. */
export type MailLink = { action: string; url: string }

/**
 * One layout for every message, in the recipient's language. Most kinds end with one button, `url`, labelled
 * by `<kind>Action`; a kind with more (the sign-up attempt's "sign in" and "reset password") gives `links`.
 */
export function renderMail(
  kind: MailKind,
  input: { to: string; language: Language; name: string; vars?: Record<string, string> } & (
    | { url: string }
    | { links: MailLink[] }
  ),
): Mail {
  const t = (key: string) => translate(input.language, 'email', key, { name: input.name, ...input.vars })
  const links = 'links' in input ? input.links : [{ action: `${kind}Action`, url: input.url }]
  const lines = [t('greeting'), t(`${kind}Body`)]
  const linkLines = links.map((link) => `${t(link.action)}: ${link.url}`)
  const text = `${[...lines, ...linkLines].join('\n\n')}\n\n${t('footer')}\n`
  const buttons = links.map(
    (link) =>
      `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(link.action))}</a></p>`,
  )
  const html = `<!doctype html><html lang="${input.language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${buttons.join('\n')}
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p></body></html>`
  return { to: input.to, subject: t(`${kind}Subject`), text, html }
}
