import { render } from '@testing-library/react'
import { twMerge } from 'tailwind-merge'
import { describe, expect, it } from 'vitest'
import { Badge } from './badge'

const VARIANTS = ['default', 'secondary', 'destructive', 'success', 'warning', 'outline'] as const

describe('Badge', () => {
  // Without a className the variant's classes are used as they are, unmerged: they must hold no clash.
  it.each(VARIANTS)('the %s variant holds no clash that tailwind-merge would settle', (variant) => {
    const { container } = render(<Badge variant={variant}>x</Badge>)
    const classes = container.firstElementChild!.className
    expect(twMerge(classes)).toBe(classes)
  })

  it('holds no clash when it wraps', () => {
    const { container } = render(<Badge wraps>x</Badge>)
    const classes = container.firstElementChild!.className
    expect(twMerge(classes)).toBe(classes)
    expect(classes.split(' ')).toContain('whitespace-normal')
    expect(classes.split(' ')).not.toContain('whitespace-nowrap')
  })

  it('lets a className win where it clashes with the variant', () => {
    const { container } = render(
      <Badge variant="outline" className="text-muted-foreground gap-2">
        x
      </Badge>,
    )
    const classes = container.firstElementChild!.className.split(' ')
    expect(classes).toContain('text-muted-foreground')
    expect(classes).toContain('gap-2')
    expect(classes).not.toContain('text-foreground')
    expect(classes).not.toContain('gap-1')
  })
})
