import { type ReactNode, Suspense, useState } from 'react'

// Issue 45: a screen's first load carries only what it shows. A form dialog's code (its validation, its
// fields) is much of some screens' JavaScript, and no one sees it until they open the dialog: such a
// dialog is a React.lazy component, drawn inside OnceShown.

/**
 * `children` from the first time `shown` is true, and from then on, shown or not: a lazy dialog's code loads
 * when it first opens (one round trip, with nothing drawn meanwhile), then it keeps its closing animation
 * and its state as an eager one does.
 */
export function OnceShown({ shown, children }: { shown: boolean; children: ReactNode }) {
  const [wasShown, setWasShown] = useState(shown)
  if (shown && !wasShown) setWasShown(true)
  return wasShown ? <Suspense fallback={null}>{children}</Suspense> : null
}
