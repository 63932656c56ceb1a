import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Accordion, AccordionItem } from '@web/components/ui/accordion'
import { currentLanguage } from '@web/lib/i18n'
import { FAQ_GROUPS, type FaqGroup } from '../faq-questions'
import { faqValues } from '../faq-values'

type Props = { supportEmail: string; openKey?: string }

/**
 * The questions as keyboard-operable accordions (Enter/Space toggle, arrows move between questions), one per
 * group, every answer in the page. `openKey` opens a question linked to directly, as in `/faq#trial`: after
 * the first render, which must match the prerendered page (it has no address fragment).
 */
export function FaqAccordion({ supportEmail, openKey }: Props) {
  const { t } = useTranslation('faq')
  const values = faqValues(currentLanguage(), supportEmail)
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (key: string, isOpen: boolean) =>
    setOpen((keys) => {
      const next = new Set(keys)
      if (isOpen) next.add(key)
      else next.delete(key)
      return next
    })
  useEffect(() => {
    if (openKey) setOpen((keys) => new Set(keys).add(openKey))
  }, [openKey])
  return (
    <div className="flex flex-col gap-10">
      {(Object.keys(FAQ_GROUPS) as FaqGroup[]).map((group) => (
        <section key={group} aria-labelledby={`faq-group-${group}`}>
          <h2 id={`faq-group-${group}`} className="text-lg font-semibold">
            {t(`groups.${group}`)}
          </h2>
          <Accordion className="mt-2">
            {FAQ_GROUPS[group].map((key) => (
              <AccordionItem
                key={key}
                id={key}
                className="scroll-mt-20"
                title={t(`questions.${key}.q`)}
                open={open.has(key)}
                onOpenChange={(isOpen) => toggle(key, isOpen)}
                triggerClassName="text-base"
                contentClassName="text-base leading-relaxed"
              >
                {t(`questions.${key}.a`, values)}
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ))}
    </div>
  )
}
