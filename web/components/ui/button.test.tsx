import { render } from '@testing-library/react'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
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
