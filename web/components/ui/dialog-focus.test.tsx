import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loadTexts, stubViewport } from '@web/test/render'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from './alert-dialog'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet'

// Closing a dialog gives focus back to the button that opened it, though the dialogs here open from state
// (an onClick), not from Radix's Trigger: without that, focus fell to <body> and Tab restarted at the page's
// top.

type Kind = 'dialog' | 'alert' | 'sheet'

function Opened({ kind, close }: { kind: Kind; close: () => void }) {
  const body = (
    <button type="button" onClick={close}>
      Salvar
    </button>
  )
  if (kind === 'alert')
    return (
      <AlertDialogContent>
        <AlertDialogTitle>Todos presentes?</AlertDialogTitle>
        <AlertDialogDescription>Marca todos.</AlertDialogDescription>
        <AlertDialogCancel>Cancelar</AlertDialogCancel>
        {body}
      </AlertDialogContent>
    )
  if (kind === 'sheet')
    return (
      <SheetContent>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription>Navegação</SheetDescription>
        {body}
      </SheetContent>
    )
  return (
    <DialogContent>
      <DialogTitle>Editar evento</DialogTitle>
      <DialogDescription>Muda o evento.</DialogDescription>
      {body}
    </DialogContent>
  )
}

/** A page with a button that opens a controlled dialog of `kind` (open state set by its onClick). */
function Page({ kind }: { kind: Kind }) {
  const [open, setOpen] = useState(false)
  const Root = kind === 'alert' ? AlertDialog : kind === 'sheet' ? Sheet : Dialog
  return (
    <>
      <button type="button">Antes</button>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Root open={open} onOpenChange={setOpen}>
        <Opened kind={kind} close={() => setOpen(false)} />
      </Root>
    </>
  )
}

/** A caller that sends focus to a field of its own once the dialog closes. */
function Elsewhere() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <input id="name" aria-label="Nome" />
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            document.getElementById('name')?.focus()
          }}
        >
          <DialogTitle>Editar</DialogTitle>
          <DialogDescription>Muda.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  )
}

/** The dialog's action removes the button that opened it (a delete, say). */
function Gone() {
  const [open, setOpen] = useState(false)
  const [shown, setShown] = useState(true)
  return (
    <>
      {shown && (
        <button type="button" onClick={() => setOpen(true)}>
          Abrir
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Excluir</DialogTitle>
          <DialogDescription>Some.</DialogDescription>
          <button
            type="button"
            onClick={() => {
              setShown(false)
              setOpen(false)
            }}
          >
            Excluir
          </button>
        </DialogContent>
      </Dialog>
    </>
  )
}

/** Focuses the opener and presses it, as Enter on it would; waits for focus to move into the dialog. */
async function openWithKeyboard(ui: ReactNode) {
  render(ui)
  const opener = screen.getByRole('button', { name: 'Abrir' })
  opener.focus()
  fireEvent.click(opener)
  await waitFor(() => expect(shownDialog()?.contains(document.activeElement)).toBe(true))
  return opener
}

const shownDialog = () => document.querySelector('[role="dialog"], [role="alertdialog"]')

const pressEscape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })

beforeAll(() => loadTexts(['common']))

describe('a controlled dialog returns focus to its opener', () => {
  it.each<Kind>(['dialog', 'alert', 'sheet'])('on Escape (%s)', async (kind) => {
    const opener = await openWithKeyboard(<Page kind={kind} />)
    pressEscape()
    await waitFor(() => expect(shownDialog()).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it.each<Kind>(['dialog', 'alert'])('when the page closes it, as after saving (%s)', async (kind) => {
    const opener = await openWithKeyboard(<Page kind={kind} />)
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('on its close button (dialog)', async () => {
    const opener = await openWithKeyboard(<Page kind="dialog" />)
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('on Cancel (alert)', async () => {
    const opener = await openWithKeyboard(<Page kind="alert" />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it("lets a caller's onCloseAutoFocus that prevents the default send focus elsewhere", async () => {
    await openWithKeyboard(<Elsewhere />)
    pressEscape()
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('name')))
  })

  it('leaves focus alone when the opener is gone by the time the dialog closes', async () => {
    const opener = await openWithKeyboard(<Gone />)
    fireEvent.click(screen.getByRole('button', { name: 'Excluir' }))
    await waitFor(() => expect(shownDialog()).toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(opener.isConnected).toBe(false)
    expect(document.activeElement).toBe(document.body)
  })
})

/** A dialog whose field takes focus by itself (autoFocus): Radix then skips its open auto-focus event. */
function AutoFocused() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Adicionar vários</DialogTitle>
            <DialogDescription>Um por linha.</DialogDescription>
            <textarea aria-label="Nomes" autoFocus />
            <button type="button" onClick={() => setOpen(false)}>
              Salvar
            </button>
          </DialogContent>
        </Dialog>
      )}
    </>
  )
}

/** The opener is disabled while the dialog's change is under way ("Add all" while the queue answers). */
function BusyOpener() {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <>
      <button type="button" disabled={busy} onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Adicionar todos</DialogTitle>
          <DialogDescription>Por patente.</DialogDescription>
          <button
            type="button"
            onClick={() => {
              setBusy(true)
              setOpen(false)
              setTimeout(() => setBusy(false), 30)
            }}
          >
            Salvar
          </button>
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('a dialog gives focus back to its opener also', () => {
  it('when a field of its own took focus as it opened (autoFocus), and it is unmounted to close', async () => {
    const opener = await openWithKeyboard(<AutoFocused />)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nomes' }))
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(shownDialog()).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('when the opener is disabled as it closes, once it is enabled again', async () => {
    const opener = await openWithKeyboard(<BusyOpener />)
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(shownDialog()).toBeNull())
    await waitFor(() => expect((opener as HTMLButtonElement).disabled).toBe(false))
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})

/** A dialog whose first field is typed into: the penalty's days, say. */
function WithField() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Penalizar</DialogTitle>
          <DialogDescription>Dias de penalidade.</DialogDescription>
          <input aria-label="Dias" defaultValue="7" />
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('a dialog whose first field is typed into', () => {
  afterEach(() => vi.unstubAllGlobals())

  // An outside test on a phone (2026-12-07): the focused field raised the keyboard over the dialog at once.
  it('opens with focus on the dialog itself on a touch-only device, keeping the keyboard down', async () => {
    stubViewport(true)
    await openWithKeyboard(<WithField />)
    expect(document.activeElement).toBe(shownDialog())
  })

  it('focuses the field with a keyboard or a mouse', async () => {
    stubViewport(false)
    await openWithKeyboard(<WithField />)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Dias' }))
  })
})
