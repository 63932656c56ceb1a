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
