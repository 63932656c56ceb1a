import type { Language } from '../../../contract/enums'
import { linkInLanguage } from '../../../contract/language-link'
import { translate } from '../../lib/i18n'
import { escapeHtml } from '../../platform/mail/templates'
import type { UnsubscribeTarget } from './unsubscribe.service'

// The small pages an unsubscribe link answers: a question with one button (a link opened by a mail
// scanner changes nothing), then what changed and a way to the settings page. Plain HTML: the API's
// Content-Security-Policy allows no style or script, and none is needed.

const KEY = { email: 'Email', events: 'Events', loot: 'Loot' } as const

function page(language: Language, body: string) {
  const t = (key: string) => translate(language, 'email', `unsubscribe.${key}`)
  return `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('title'))}</title></head>
<body><main><h1>${escapeHtml(t('title'))}</h1>
${body}
</main></body></html>`
}

export function confirmPage(target: UnsubscribeTarget, action: string) {
  const t = (key: string) => translate(target.language, 'email', `unsubscribe.${key}`, { name: target.name })
  return page(
    target.language,
    `<p>${escapeHtml(t(`confirm${KEY[target.which]}`))}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('confirmAction'))}</button></form>`,
  )
}

export function donePage(target: UnsubscribeTarget, appUrl: string) {
  const t = (key: string) => translate(target.language, 'email', `unsubscribe.${key}`)
  return page(
    target.language,
    `<p role="status">${escapeHtml(t(`done${KEY[target.which]}`))}</p>
<p>${escapeHtml(t('settingsHint'))} <a href="${escapeHtml(linkInLanguage(`${appUrl}/dashboard/settings`, target.language))}">${escapeHtml(t('settingsAction'))}</a></p>`,
  )
}

export function invalidPage(language: Language) {
  return page(language, `<p>${escapeHtml(translate(language, 'email', 'unsubscribe.invalid'))}</p>`)
}
