import { Mail } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'

/** The way out when the answer is missing: a mail link to support with a subject already filled in. */
export function FaqContact({ supportEmail }: { supportEmail: string }) {
  const { t } = useTranslation('faq')
  const href = `mailto:${supportEmail}?subject=${encodeURIComponent(t('contact.subject'))}`
  return (
    <section
      aria-labelledby="faq-contact-title"
      className="flex flex-col items-start gap-4 rounded-xl border bg-card p-6 text-card-foreground sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="faq-contact-title" className="font-semibold">
          {t('contact.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('contact.text', { email: supportEmail })}</p>
      </div>
      <Button asChild>
        <a href={href}>
          <Mail aria-hidden />
          {t('contact.button')}
        </a>
      </Button>
    </section>
  )
}
