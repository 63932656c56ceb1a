import { PublicShell } from '@web/features/landing/components/public-shell'
import { SUPPORT_EMAIL } from '@web/features/landing/site'
import { LegalDocument } from '@web/features/legal/components/legal-document'

export function Component() {
  return (
    <PublicShell>
      <LegalDocument doc="lgpd" supportEmail={SUPPORT_EMAIL} />
    </PublicShell>
  )
}
