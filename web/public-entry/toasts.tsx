import { lazy, Suspense, useEffect, useState } from 'react'
import type { toast as sonnerToast } from 'sonner'

// sonner's `toast`, loaded with its Toaster on the first toast (docs/decisions/013-public-page-entry.md):
// the queues show without it, and only a gate attempt or a failure needs one. The public entry's build puts
// this module in place of sonner for everything but this folder.

const Toaster = lazy(() => import('./toaster'))

let mount: (() => void) | undefined
let ready: Promise<typeof sonnerToast> | undefined

/** Loads sonner and mounts the Toaster (once), then hands over sonner's `toast`. */
function loaded(): Promise<typeof sonnerToast> {
  ready ??= new Promise((resolve) => {
    onToasterReady = () => void import('sonner').then((m) => resolve(m.toast))
    mount?.()
  })
  return ready
}
let onToasterReady: (() => void) | undefined
export const toasterReady = () => onToasterReady?.()

type Message = Parameters<typeof sonnerToast.success>
export const toast = {
  success: (...args: Message) => void loaded().then((t) => t.success(...args)),
  error: (...args: Message) => void loaded().then((t) => t.error(...args)),
  dismiss: (id?: string | number) => void ready?.then((t) => t.dismiss(id)),
}

/** Mount once at the root: draws nothing until the first toast. */
export function Toasts() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    mount = () => setWanted(true)
    if (ready) setWanted(true)
    return () => {
      mount = undefined
    }
  }, [])
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
