import { withClasses } from './with-classes'

export const Card = withClasses('div', 'rounded-xl border bg-card text-card-foreground shadow-sm')
export const CardHeader = withClasses('div', 'flex flex-col gap-1.5 p-6')
/** An h2: every card of a dashboard screen sits right under the page's h1 (axe and HTML_CodeSniffer: heading order). */
export const CardTitle = withClasses('h2', 'font-semibold leading-none tracking-tight')
export const CardDescription = withClasses('p', 'text-sm text-muted-foreground')
export const CardContent = withClasses('div', 'p-6 pt-0')
export const CardFooter = withClasses('div', 'flex items-center p-6 pt-0')
