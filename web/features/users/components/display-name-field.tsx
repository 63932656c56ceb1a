import type { ComponentProps } from 'react'
import { MAX_DISPLAY_NAME } from '@contract/accounts'
import { TextField } from '@web/components/form-field'

type Props = Omit<ComponentProps<typeof TextField>, 'autoComplete' | 'maxLength' | 'limit'> & {
  /** The length of the name typed so far: the characters left are said under the field. */
  length: number
}

/**
 * A member's display name as an admin writes it (inviting someone, editing a member): at most the contract's
 * MAX_DISPLAY_NAME characters, and not the admin's own name for the browser to fill in.
 */
export function DisplayNameField({ length, ...props }: Props) {
  return <TextField autoComplete="off" limit={{ max: MAX_DISPLAY_NAME, length }} {...props} />
}
