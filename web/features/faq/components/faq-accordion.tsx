import { useTranslation } from 'react-i18next'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion'
import { currentLanguage } from '@web/lib/i18n'
import { FAQ_GROUPS, type FaqGroup } from '../faq-questions'
import { faqValues } from '../faq-values'

type Props = { supportEmail: string; openKey?: string }

/**
 * The questions as keyboard-operable accordions (Enter/Space toggle, arrows move between questions), one per
 * group. `openKey` opens a question linked to directly, as in `/faq#trial`.
 */
export function FaqAccordion({ supportEmail, openKey }: Props) {
  const { t } = useTranslation('faq')
  const values = faqValues(currentLanguage(), supportEmail)
  return (
    <div className="flex flex-col gap-10">
      {(Object.keys(FAQ_GROUPS) as FaqGroup[]).map((group) => (
        <section key={group} aria-labelledby={`faq-group-${group}`}>
          <h2 id={`faq-group-${group}`} className="text-lg font-semibold">
            {t(`groups.${group}`)}
          </h2>
          <Accordion
            type="multiple"
            defaultValue={
              openKey && (FAQ_GROUPS[group] as readonly string[]).includes(openKey) ? [openKey] : []
            }
            className="mt-2"
          >
            {FAQ_GROUPS[group].map((key) => (
              <AccordionItem key={key} value={key} id={key} className="scroll-mt-20">
                <AccordionTrigger className="text-base">{t(`questions.${key}.q`)}</AccordionTrigger>
                <AccordionContent className="text-base leading-relaxed">
                  {t(`questions.${key}.a`, values)}
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  )
}
