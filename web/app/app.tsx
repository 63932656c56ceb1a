import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { RouterProvider } from 'react-router'
import { AppToaster } from '@web/components/app-toaster'
import { FullPageSpinner } from '@web/components/ui/spinner'
import { TooltipProvider } from '@web/components/ui/tooltip'
import { createQueryClient } from '@web/lib/query-client'
import { router } from './router'

export function App() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Suspense fallback={<FullPageSpinner />}>
          <RouterProvider router={router} />
        </Suspense>
        <AppToaster />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
