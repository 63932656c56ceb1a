/** The optional body of a queue action: its note, when there is one (no body otherwise). */
export const noteBody = (note?: string | null) => (note ? { note } : undefined)
