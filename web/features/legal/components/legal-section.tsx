import type { LegalSection } from '../legal-docs'

const paragraphs = (texts: string[] | undefined) =>
  texts?.map((text) => (
    <p key={text} className="mt-3 leading-relaxed">
      {text}
    </p>
  ))

export function LegalSectionView({ id, section }: { id: string; section: LegalSection }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {section.title}
      </h2>
      {paragraphs(section.body)}
      {section.list && (
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-6 leading-relaxed marker:text-muted-foreground">
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.steps && (
        <ol className="mt-3 flex list-decimal flex-col gap-2 pl-6 leading-relaxed marker:font-semibold">
          {section.steps.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      )}
      {paragraphs(section.after)}
    </section>
  )
}
