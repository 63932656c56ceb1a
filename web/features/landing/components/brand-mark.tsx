import { cn } from '@web/lib/cn'

/** The LootQueue logo (same drawing as the favicon) with the word mark beside it. */
export function BrandMark({ className, wordClassName }: { className?: string; wordClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" className="shrink-0">
        <rect width="64" height="64" rx="14" fill="#7c3aed" />
        <path d="M18 40l14-22 14 22H18z" fill="#fde68a" />
        <circle cx="32" cy="44" r="6" fill="#fff" />
      </svg>
      <span className={wordClassName}>LootQueue</span>
    </span>
  )
}
