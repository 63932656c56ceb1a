import en from '@web/locales/en/landing.json'
import pt from '@web/locales/pt/landing.json'
import { i18n } from '@web/lib/i18n'

/**
 * The landing page is most visitors' first paint, so the public pages' own texts (header, footer, landing)
 * ship inside their chunk instead of being fetched on demand like other namespaces: that fetch could only
 * start once the page's code had run, and measured as ~0.5 s (local) to ~1 s (phone on 4G) before the first
 * paint. Both languages are ~4 kB gzip. Call before the first useTranslation('landing'); repeat calls are free.
 */
export function registerLandingTexts() {
  for (const [language, texts] of [
    ['pt', pt],
    ['en', en],
  ] as const) {
    if (!i18n.hasResourceBundle(language, 'landing')) i18n.addResourceBundle(language, 'landing', texts)
  }
}
