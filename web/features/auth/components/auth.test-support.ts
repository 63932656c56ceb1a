import { fireEvent } from '@testing-library/react'

// What the auth screens' tests type into their forms.

export const fill = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id)!, { target: { value } })

/** A valid guild sign-up, every field filled. */
export function fillSignup() {
  fill('signup-display-name', 'Ana Lima')
  fill('signup-email', 'ana@example.com')
  fill('signup-password', 'a-long-password')
  fill('signup-confirm-password', 'a-long-password')
  fill('signup-guild-name', 'Os Cavaleiros!')
  fill('signup-guild-password', 'raid-night')
}
