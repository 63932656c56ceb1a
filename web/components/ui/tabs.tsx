import { Tabs as TabsPrimitive } from 'radix-ui'
import { withClasses } from './with-classes'

export const Tabs = TabsPrimitive.Root
export const TabsList = withClasses(
  TabsPrimitive.List,
  'inline-flex h-9 items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground',
)
export const TabsTrigger = withClasses(
  TabsPrimitive.Trigger,
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-1 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow',
)
// A panel takes focus (Tab from the tabs lands on it, as WAI-ARIA's tabs pattern has it): it shows it.
export const TabsContent = withClasses(
  TabsPrimitive.Content,
  'mt-4 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
)
