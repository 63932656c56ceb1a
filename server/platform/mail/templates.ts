import type { Language } from '../../../contract/enums'
import { translate } from '../../lib/i18n'
import type { Mail } from './mailer'

export type MailKind = 'verify' | 'reset' | 'invite'

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

/** One layout for every message, in the recipient's language. */
export function renderMail(
  kind: MailKind,
  input: { to: string; language: Language; name: string; url: string; vars?: Record<string, string> },
): Mail {
  const t = (key: string) => translate(input.language, 'email', key, { name: input.name, ...input.vars })
  const lines = [t('greeting'), t(`${kind}Body`)]
  const text = `${lines.join('\n\n')}\n\n${t(`${kind}Action`)}: ${input.url}\n\n${t('footer')}\n`
  const html = `<!doctype html><html lang="${input.language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:sans-serif;line-height:1.5">
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 16px;background:#7c3aed;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(`${kind}Action`))}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(t('footer'))}</p></body></html>`
  return { to: input.to, subject: t(`${kind}Subject`), text, html }
}
