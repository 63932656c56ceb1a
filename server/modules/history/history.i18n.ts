import { AUDIT_ACTIONS, DEFAULT_LANGUAGE, type Language } from '../../../contract/enums'
import en from '../../../web/locales/en/history.json'
import pt from '../../../web/locales/pt/history.json'

// The CSV headers and action labels come from the web's history namespace, so each text has one home.
const catalogs = { pt, en } as const
type Catalog = typeof pt

export function historyCatalog(language: Language): Catalog {
  return catalogs[language] ?? catalogs[DEFAULT_LANGUAGE]
}

/** Case- and accent-insensitive form, so "ausencia" finds "Ausência". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

export function actionLabel(language: Language, action: string): string {
  const labels = historyCatalog(language).actions as Record<string, string>
  return labels[action] ?? action
}

/** The action types whose label (in the reader's language) or code contains the search. */
export function actionTypesMatching(language: Language, search: string): string[] {
  const needle = fold(search)
  return AUDIT_ACTIONS.filter(
    (action) => fold(actionLabel(language, action)).includes(needle) || fold(action).includes(needle),
  )
}
