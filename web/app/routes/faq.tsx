import { FaqContent } from '@web/features/faq/components/faq-content'
import { PublicShell } from '@web/features/landing/components/public-shell'
import { SUPPORT_EMAIL } from '@web/features/landing/site'

export function Component() {
  return (
    <PublicShell>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <FaqContent supportEmail={SUPPORT_EMAIL} />
      </div>
    </PublicShell>
  )
}
