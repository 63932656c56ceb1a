import { Mail } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '@web/components/ui/button'
import { usePageTitle } from '@web/hooks/use-page-title'
import { currentLanguage } from '@web/lib/i18n'
import { useSiteLanguage } from '@web/hooks/use-site-language'
import {
  CONTACT_TEXT,
  LEGAL_DOCS,
  LEGAL_PATH,
  type LegalDoc,
  type LegalDocId,
  legalValues,
} from '../legal-docs'
import { LegalLinks } from './legal-links'
import { LegalSectionView } from './legal-section'

/** `/terms`, `/privacy` and `/lgpd`: a fixed last-updated date, a table of contents, the text, and a contact. */
export function LegalDocument({ doc, supportEmail }: { doc: LegalDocId; supportEmail: string }) {
  const { t } = useTranslation('legal')
  const { path } = useSiteLanguage()
  const content = t(`docs.${doc}`, {
    returnObjects: true,
    ...legalValues(currentLanguage(), supportEmail),
  }) as LegalDoc
  usePageTitle(content.title, content.description)
  const sections = Object.entries(content.sections)
  const anchor = (key: string) => `${doc}-${key}`
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{content.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('updated')}</p>
      </header>
      {content.intro.map((text) => (
        <p key={text} className="mt-6 text-lg leading-relaxed text-pretty">
          {text}
        </p>
      ))}
      <LegalLinks
        id={`${doc}-toc`}
        title={t('onThisPage')}
        links={sections.map(([key, section]) => ({
          key,
          to: { hash: `#${anchor(key)}` },
          label: section.title,
        }))}
        className="mt-8 rounded-xl border bg-muted/40 p-5"
        titleClassName="text-sm"
        listClassName="mt-3 grid gap-1.5 text-sm sm:grid-cols-2"
      />
      <div className="mt-10 flex flex-col gap-10">
        {sections.map(([key, section]) => (
          <LegalSectionView key={key} id={anchor(key)} section={section} />
        ))}
      </div>
      <section
        aria-labelledby={`${doc}-contact`}
        className="mt-12 flex flex-col items-start gap-4 rounded-xl border bg-card p-6 text-card-foreground sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id={`${doc}-contact`} className="font-semibold">
            {t('contact.title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t(CONTACT_TEXT[doc], { email: supportEmail })}
          </p>
        </div>
        <Button asChild variant="outline">
          <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(content.title)}`}>
            <Mail aria-hidden />
            {t('contact.button')}
          </a>
        </Button>
      </section>
      <LegalLinks
        id={`${doc}-related`}
        title={t('related')}
        links={LEGAL_DOCS.filter((other) => other !== doc).map((other) => ({
          key: other,
          to: path(LEGAL_PATH[other]),
          label: t(`docs.${other}.title`),
        }))}
        className="mt-8 text-sm"
        listClassName="mt-2 flex flex-wrap gap-x-6 gap-y-2"
      />
    </article>
  )
}
