import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu'

// An outside keyboard test (2026-12-07): a queue row's More → "Remove penalty" left focus on <body>: the menu
// gives focus back to its button as it closes, and the button was disabled while the change ran.

/** A row's menu whose button is disabled while its item's change runs (30 ms here). */
function BusyMenu() {
  const [busy, setBusy] = useState(false)
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <button type="button" disabled={busy}>
          Mais
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem
          onSelect={() => {
            setBusy(true)
            setTimeout(() => setBusy(false), 30)
          }}
        >
          Remover penalidade
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

describe('a menu whose item disables its button while the change runs', () => {
  it('gives focus back to the button once it is enabled again', async () => {
    render(<BusyMenu />)
    const button = screen.getByRole('button', { name: 'Mais' }) as HTMLButtonElement
    button.focus()
    fireEvent.keyDown(button, { key: 'Enter' })
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remover penalidade' }))
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(button.disabled).toBe(false))
    await waitFor(() => expect(document.activeElement).toBe(button))
  })
})
