import { Lock } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '@web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card'

/**
 * A Pro screen opened without an active subscription or live trial says what it would offer and leads
 * to the subscription screen (docs/product-rules.md, "Subscription"). Texts come from the screen's own
 * namespace.
 */
export function PremiumTeaser({
  title,
  description,
  cta,
}: {
  title: string
  description: string
  cta: string
}) {
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <Lock className="size-10 text-primary" aria-hidden />
        <h2 className="text-xl font-semibold leading-none tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/dashboard/subscription" className={buttonVariants()}>
          {cta}
        </Link>
      </CardContent>
    </Card>
  )
}
