import {
  CalendarDays,
  CreditCard,
  HelpCircle,
  History,
  LayoutDashboard,
  type LucideIcon,
  Package,
  Shield,
  Swords,
  Users,
} from 'lucide-react'

export type NavItem = {
  to: string
  /** Key in common.json's nav. */
  labelKey: string
  icon: LucideIcon
  /** Needs an active subscription or a live trial (docs/product-rules.md, "Subscription"). */
  pro?: boolean
  /** Only the exact path is "current" (the overview would otherwise match every page). */
  end?: boolean
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/guild', labelKey: 'nav.guild', icon: Shield },
  // Not locked: without Pro an admin still sees who has access and cuts it there (docs/product-rules.md).
  { to: '/dashboard/users', labelKey: 'nav.users', icon: Users },
  { to: '/dashboard/players', labelKey: 'nav.players', icon: Swords },
  { to: '/dashboard/items', labelKey: 'nav.items', icon: Package },
  { to: '/dashboard/events', labelKey: 'nav.events', icon: CalendarDays, pro: true },
  { to: '/dashboard/history', labelKey: 'nav.history', icon: History, pro: true },
  { to: '/dashboard/subscription', labelKey: 'nav.subscription', icon: CreditCard },
  { to: '/dashboard/faq', labelKey: 'nav.faq', icon: HelpCircle },
]
