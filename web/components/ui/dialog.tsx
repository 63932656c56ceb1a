import { X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import type * as React from 'react'
import { useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@web/lib/cn'
import { focusWhenEnabled } from '@web/lib/focus-place'
import { withClasses } from './with-classes'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export function DialogContent({
  className,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const { t } = useTranslation('common')
  return (
    <DialogLayer
      className={cn(
        'fixed top-1/2 left-1/2 z-50 grid max-h-[90svh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-lg',
        className,
      )}
      {...props}
    >
      {children}
      <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <X className="size-4" aria-hidden />
        <span className="sr-only">{t('close')}</span>
      </DialogPrimitive.Close>
    </DialogLayer>
  )
}

/** The dialog primitive's content over the dimmed page, in a portal: the centred dialog and the side sheet. */
export function DialogLayer(props: React.ComponentProps<typeof DialogPrimitive.Content>) {
  const returnFocus = useReturnFocus(props)
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content {...props} {...returnFocus} />
    </DialogPrimitive.Portal>
  )
}

type AutoFocusHandlers = {
  onOpenAutoFocus?: (event: Event) => void
  onCloseAutoFocus?: (event: Event) => void
  ref?: React.Ref<HTMLDivElement>
}

/**
 * The elements that last took focus, newest last: a dialog opened from a menu's item opens as the item goes
 * (focus is on <body> then), and the menu's button, focused before the item, is where focus belongs after.
 */
const recentlyFocused: HTMLElement[] = []
if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement)) return
      recentlyFocused.push(event.target)
      if (recentlyFocused.length > 8) recentlyFocused.shift()
    },
    true,
  )
}

/**
 * On close, focus goes back to what had it when the dialog opened (the button that opened it), or, when that
 * is gone (a menu's item), to what had it before: the menu's button. Radix does this only for its own
 * Trigger, and most dialogs here open from state: without it focus fell to <body>. A caller's own handlers
 * still run; one that prevents the close's default keeps its say. No opener left in the page leaves Radix's
 * default.
 *
 * The openers are noted as the dialog's content mounts, not in onOpenAutoFocus: Radix skips that event when a
 * field of the dialog took focus by itself (autoFocus), and such a dialog ("Add several players") gave focus
 * back to nothing. An opener disabled while the dialog's change is under way ("Add all", pressed again only
 * once the queue has answered) takes focus back once enabled (focusWhenEnabled): focus() on a disabled button
 * does nothing, and focus fell to <body>.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus, ref }: AutoFocusHandlers) {
  const openers = useRef<HTMLElement[]>([])
  const content = useRef<HTMLElement | null>(null)
  const noteOpeners = useCallback(
    (node: HTMLDivElement | null) => {
      setRef(ref, node)
      // A new node is a new opening (the content mounts each time); the same one again is a re-render.
      if (!node || node === content.current) return
      content.current = node
      openers.current = focusedBefore(node)
    },
    [ref],
  )
  return {
    ref: noteOpeners,
    // Runs before Radix moves focus into the dialog.
    onOpenAutoFocus(event: Event) {
      onOpenAutoFocus?.(event)
      if (!event.defaultPrevented) keepKeyboardDown(event)
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event)
      const candidates = openers.current
      openers.current = []
      if (event.defaultPrevented) return
      const element = candidates.find((candidate) => candidate.isConnected)
      if (element && focusWhenEnabled(element)) event.preventDefault()
    },
  }
}

/** What had focus before `dialog` opened, newest first, leaving out the dialog's own elements and <body>. */
function focusedBefore(dialog: HTMLElement): HTMLElement[] {
  const active = document.activeElement
  const before = [...recentlyFocused].reverse()
  const all = active instanceof HTMLElement ? [active, ...before] : before
  return [...new Set(all)].filter((element) => element !== document.body && !dialog.contains(element))
}

function setRef<T>(ref: React.Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/** A phone or tablet without a keyboard or mouse: focusing a text field there raises its on-screen keyboard. */
const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)'
const TEXT_FIELD =
  'input:not([type=checkbox], [type=radio], [type=button], [type=submit], [type=hidden]), textarea'

/**
 * On a touch-only device a dialog whose first field is typed into opens with focus on the dialog itself,
 * not the field: Radix would focus (and select) the field, and the phone's keyboard would rise over the
 * dialog before the officer had read it, hiding its buttons (an outside test on a phone, 2026-12-07). A tap
 * on the field raises it when wanted; a screen reader still starts at the dialog, named by its title. With a
 * keyboard or a mouse the first field takes focus as before.
 */
function keepKeyboardDown(event: Event) {
  const dialog = event.currentTarget ?? event.target
  if (!(dialog instanceof HTMLElement) || !window.matchMedia?.(TOUCH_ONLY_QUERY).matches) return
  const first = dialog.querySelector<HTMLElement>(
    'input, textarea, select, button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])',
  )
  if (!first?.matches(TEXT_FIELD)) return
  event.preventDefault()
  dialog.focus()
}

export const DialogHeader = withClasses('div', 'flex flex-col gap-1.5 text-left')
export const DialogFooter = withClasses('div', 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')
export const DialogTitle = withClasses(DialogPrimitive.Title, 'text-lg font-semibold leading-none')
export const DialogDescription = withClasses(DialogPrimitive.Description, 'text-sm text-muted-foreground')
