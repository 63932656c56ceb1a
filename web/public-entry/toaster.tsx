import { useEffect } from 'react'
import { AppToaster } from '@web/components/app-toaster'
import { toasterReady } from './toasts'

/** The app's Toaster, telling ./toasts.tsx once it listens (a toast sent earlier would be lost). */
export default function LoadedToaster() {
  useEffect(toasterReady, [])
  return <AppToaster />
}
