import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { twMerge } from 'tailwind-merge'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button, buttonVariants } from './button'

const VARIANTS = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const
const SIZES = ['default', 'sm', 'lg', 'icon'] as const
const LOOKS = VARIANTS.flatMap((variant) => SIZES.map((size) => [variant, size] as const))

describe('Button', () => {
  // Without a className a button's classes are used as they are, unmerged: they must hold no clash.
  it.each(LOOKS)(
    'the %s variant at the %s size holds no clash that tailwind-merge would settle',
    (variant, size) => {
      const classes = buttonVariants({ variant, size })
      expect(twMerge(classes)).toBe(classes)
      const { container } = render(
        <Button variant={variant} size={size}>
          x
        </Button>,
      )
      expect(container.firstElementChild!.className).toBe(classes)
    },
  )

  it('lets a className win where it clashes with its size', () => {
    const { container } = render(
      <Button size="lg" className="px-6">
        x
      </Button>,
    )
    const classes = container.firstElementChild!.className.split(' ')
    expect(classes).toContain('px-6')
    expect(classes).not.toContain('px-8')
  })
})

/** A button that asks to be disabled once clicked, as a request under way does. */
function Harness({ onAct }: { onAct: () => void }) {
  const [busy, setBusy] = useState(false)
  return (
    <>
      <Button
        disabled={busy}
        onClick={() => {
          onAct()
          setBusy(true)
        }}
      >
        act
      </Button>
      <button type="button">elsewhere</button>
    </>
  )
}

describe('a Button disabled while it has focus', () => {
  afterEach(cleanup)

  // Browsers blur a disabled element (Chromium does; the journeys check it there): held, focus stays.
  it('keeps focus, marked aria-disabled, and acts on neither a click nor Enter', () => {
    const onAct = vi.fn()
    render(<Harness onAct={onAct} />)
    const button = screen.getByRole('button', { name: 'act' }) as HTMLButtonElement
    act(() => button.focus())
    fireEvent.click(button)
    expect(onAct).toHaveBeenCalledTimes(1)
    expect(document.activeElement).toBe(button)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.disabled).toBe(false)

    fireEvent.click(button)
    const enter = fireEvent.keyDown(button, { key: 'Enter' })
    expect(enter).toBe(false) // default prevented: no click follows
    expect(onAct).toHaveBeenCalledTimes(1)
    expect(fireEvent.keyDown(button, { key: 'Tab' })).toBe(true)
  })

  it('is disabled as asked once focus leaves it', () => {
    render(<Harness onAct={() => {}} />)
    const button = screen.getByRole('button', { name: 'act' }) as HTMLButtonElement
    act(() => button.focus())
    fireEvent.click(button)
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus())
    expect(button.disabled).toBe(true)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
  })

  it('is disabled at once when it did not have focus', () => {
    const { rerender } = render(<Button>x</Button>)
    rerender(<Button disabled>x</Button>)
    expect((screen.getByRole('button', { name: 'x' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
