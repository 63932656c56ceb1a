import { waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { expect } from 'vitest'

/**
 * Waits until sonner's `toast[kind]` has been called with `args` (the title, then its options): how a test
 * sees a screen say that something worked or failed. The test file mocks sonner (`vi.mock('sonner', …)`);
 * the mock is what this module's `toast` is too.
 */
export function waitForToast(kind: 'success' | 'error' | 'warning' | 'info', ...args: unknown[]) {
  return waitFor(() => expect(toast[kind]).toHaveBeenCalledWith(...args))
}
