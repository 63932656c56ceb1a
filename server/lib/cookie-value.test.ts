import { describe, expect, it } from 'vitest'
import { cookieValue } from './cookie-value'

describe('cookieValue', () => {
  it('finds one cookie by its exact name among the others, unquoted', () => {
    const header = 'a=1; lq_pub_x=123.abc;lq_pub=nope; q="quoted"'
    expect(cookieValue(header, 'lq_pub_x')).toBe('123.abc')
    expect(cookieValue(header, 'lq_pub')).toBe('nope')
    expect(cookieValue(header, 'q')).toBe('quoted')
    expect(cookieValue(header, 'a')).toBe('1')
  })

  it('is undefined when the cookie is absent, empty or the header missing', () => {
    expect(cookieValue('a=1; b=', 'b')).toBeUndefined()
    expect(cookieValue('ab=1', 'a')).toBeUndefined()
    expect(cookieValue('x_a=1', 'a')).toBeUndefined()
    expect(cookieValue(undefined, 'a')).toBeUndefined()
    expect(cookieValue(null, 'a')).toBeUndefined()
  })
})
