import type { Translate } from '../../../contract/activity-description'
import { AUDIT_ACTIONS, DEFAULT_LANGUAGE, type Language } from '../../../contract/enums'
import en from '../../../web/locales/en/history.json'
import pt from '../../../web/locales/pt/history.json'
import { foldText } from './history.search'

// The CSV headers and action labels come from the web's history namespace, so each text has one home.
const catalogs = { pt, en } as const
type Catalog = typeof pt

export function historyCatalog(language: Language): Catalog {
  return catalogs[language] ?? catalogs[DEFAULT_LANGUAGE]
}

export function actionLabel(language: Language, action: string): string {
  const labels = historyCatalog(language).actions as Record<string, string>
  return labels[action] ?? action
}

/** The action types whose label (in the reader's language) or code contains the search. */
export function actionTypesMatching(language: Language, search: string): string[] {
  const needle = foldText(search)
  return AUDIT_ACTIONS.filter(
    (action) => foldText(actionLabel(language, action)).includes(needle) || foldText(action).includes(needle),
  )
}

/**
 * i18next's lookup, as far as activity descriptions need it: a dotted key, plural forms (_zero for 0,
 * then the language's category) and {{name}} placeholders. Unknown keys read as the key.
 */
export function historyTranslate(language: Language): Translate {
  const catalog = historyCatalog(language) as unknown as Record<string, unknown>
  const rules = new Intl.PluralRules(language)
  const lookup = (key: string): string | undefined => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalog)
    return typeof value === 'string' ? value : undefined
  }
  return (key, options = {}) => {
    const { count } = options
    const template =
      count === undefined
        ? lookup(key)
        : ((count === 0 ? lookup(`${key}_zero`) : undefined) ?? lookup(`${key}_${rules.select(count)}`))
    return (template ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
      String(options[name as keyof typeof options] ?? ''),
    )
  }
}
