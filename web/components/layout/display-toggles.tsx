import { LanguageToggle } from './language-toggle'
import { ThemeToggle } from './theme-toggle'

/**
 * Language and theme, side by side, for the headers of pages outside the dashboard: 44 px tall on a touch screen
 * (web/app/styles.css, tap-area), set here so the buttons keep their variants' classes (web/lib/cn.ts).
 */
export function DisplayToggles() {
  return (
    <div className="flex items-center gap-1 pointer-coarse:[&>button]:min-h-11 pointer-coarse:[&>button]:min-w-11">
      <LanguageToggle />
      <ThemeToggle />
    </div>
  )
}
