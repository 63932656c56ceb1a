import { LandingPage } from '@web/features/landing/components/landing-page'
import { PublicShell } from '@web/features/landing/components/public-shell'

export function Component() {
  return (
    <PublicShell>
      <LandingPage />
    </PublicShell>
  )
}
