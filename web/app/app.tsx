import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { RouterProvider } from 'react-router'
import { Toaster } from 'sonner'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { TooltipProvider } from '@web/components/ui/tooltip'
import { createQueryClient } from '@web/lib/query-client'
import { useTheme } from '@web/hooks/use-theme'
import { router } from './router'

const TOASTS_TOP = 72

export function App() {
  const [queryClient] = useState(createQueryClient)
  const { theme } = useTheme()
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Suspense fallback={<FullPageSpinner />}>
          <RouterProvider router={router} />
        </Suspense>
        {/* Toasts last 4 s, 3 visible at most (docs/product-rules.md, "Language and look"). They open below
            the headers (56 px, the landing's 64 px), so they never cover the header's buttons (language,
            theme, account menu). */}
        <Toaster
          richColors
          closeButton
          duration={4000}
          visibleToasts={3}
          theme={theme}
          position="top-right"
          offset={{ top: TOASTS_TOP }}
          mobileOffset={{ top: TOASTS_TOP }}
        />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
