import type { Language } from '../../../contract/enums'
import { IMPORT_PROBLEMS_LISTED, type ImportProblem, type ImportWarning } from '../../../contract/imports'
import { saidIn, translate } from '../../lib/i18n'
import { placeOrder, placesIn } from './import-places'
import type { RawProblem, RawWarning } from './import-records'

/** Values are shown to help find the row, not whole: a 10 MB cell stays in the file. */
const VALUE_MAX = 120

/**
 * The problems in the order of the files, then of their lines (or lists and records), each with its
 * reason in the reader's language; the first IMPORT_PROBLEMS_LISTED of them, and how many there are.
 */
export function describeProblems(problems: RawProblem[], files: string[], language: Language) {
  const sorted = problems.toSorted(placeOrder(files))
  return {
    problems: sorted.slice(0, IMPORT_PROBLEMS_LISTED).map((p) => describe(p, language)),
    problemCount: problems.length,
  }
}

function fieldWords(field: string, language: Language): string {
  const key = `fields.${field}`
  const words = translate(language, 'imports', key)
  return words === key ? field : words
}

function describe({ max, vars, ...problem }: RawProblem, language: Language): ImportProblem {
  const value =
    problem.value !== null && problem.value.length > VALUE_MAX
      ? `${problem.value.slice(0, VALUE_MAX)}…`
      : problem.value
  // JSON fields and missing columns are our own names: in words. A CSV column is named as its file does.
  const ownName = problem.section !== null || problem.code === 'missingColumn' || problem.line === null
  const field = problem.field === null ? '' : ownName ? fieldWords(problem.field, language) : problem.field
  return {
    ...problem,
    value,
    message: translate(language, 'imports', `problems.${problem.code}`, {
      field,
      value: value ?? '',
      line: problem.line ?? '',
      max: max ?? '',
      ...saidIn(language, vars),
    }),
  }
}

/**
 * The warnings in the order of their first rows, each in the reader's language naming its rows (and the
 * player's name); the first IMPORT_PROBLEMS_LISTED of them, as for problems.
 */
export function describeWarnings(
  warnings: RawWarning[],
  files: string[],
  language: Language,
): ImportWarning[] {
  const order = placeOrder(files)
  return warnings
    .map((w) => ({ ...w, places: w.places.toSorted(order) }))
    .toSorted((a, b) => order(a.places[0]!, b.places[0]!))
    .slice(0, IMPORT_PROBLEMS_LISTED)
    .map(({ code, places, value }) => ({
      code,
      places: places.slice(0, IMPORT_PROBLEMS_LISTED),
      value,
      message: translate(language, 'imports', `warnings.${code}`, {
        value: value ?? '',
        places: placesIn(places, language),
      }),
    }))
}
