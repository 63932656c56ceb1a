import { LanguageToggle } from './language-toggle'
import { ThemeToggle } from './theme-toggle'

/** Language and theme, side by side, for the headers of pages outside the dashboard. */
export function DisplayToggles() {
  return (
    <div className="flex items-center gap-1">
      <LanguageToggle />
      <ThemeToggle />
    </div>
  )
}
