import { FaqContent } from '@web/features/faq/components/faq-content'
import { SUPPORT_EMAIL } from '@web/features/landing/site'

// The same FAQ inside the dashboard shell, which supplies header and navigation.
export function Component() {
  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-6">
      <FaqContent supportEmail={SUPPORT_EMAIL} />
    </div>
  )
}
