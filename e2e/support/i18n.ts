// The web's own texts in a journey (web/locales/<lang>/*.json imported by the test): a key's template with
// its {{placeholders}} filled, as i18next would, so a journey never re-types a sentence the product owns.

/** `template` with each {{name}} replaced by `values[name]`. */
export function tr(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/**
 * A template as a pattern matching any value in its placeholders (a date the page formats, a count); the
 * placeholders named in `capture` are groups of that name (`text.match(pattern)?.groups?.name`).
 */
export function trPattern(template: string, capture: string[] = []): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const filled = escaped.replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) =>
    capture.includes(name) ? `(?<${name}>.+)` : '.+',
  )
  return new RegExp(`^${filled}$`)
}
