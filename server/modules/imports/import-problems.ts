import type { Language } from '../../../contract/enums'
import { IMPORT_PROBLEMS_LISTED, IMPORT_SECTIONS, type ImportProblem } from '../../../contract/imports'
import { saidIn, translate } from '../../lib/i18n'
import type { RawProblem } from './import-records'

/** Values are shown to help find the row, not whole: a 10 MB cell stays in the file. */
const VALUE_MAX = 120

/**
 * The problems in the order of the files, then of their lines (or lists and records), each with its
 * reason in the reader's language; the first IMPORT_PROBLEMS_LISTED of them, and how many there are.
 */
export function describeProblems(problems: RawProblem[], files: string[], language: Language) {
  const fileOrder = new Map(files.map((name, i) => [name, i]))
  const sorted = problems.toSorted(
    (a, b) =>
      (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) ||
      IMPORT_SECTIONS.indexOf(a.section!) - IMPORT_SECTIONS.indexOf(b.section!) ||
      (a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0),
  )
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
