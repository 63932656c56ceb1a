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
  /**
   * Only admins can use it (its server routes are behind requireAdmin: /members, /billing), so only admins see
   * the entry; a member who opens its address is told the page is for admins (docs/product-rules.md, "Roles").
   */
  adminOnly?: boolean
}

// Every other entry is every member's: the guild page (members read its settings and the public link), players,
// items, events and history (memberChain / proMemberChain on the server), the FAQ.
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/guild', labelKey: 'nav.guild', icon: Shield },
  // Not locked: without Pro an admin still sees who has access and cuts it there (docs/product-rules.md).
  { to: '/dashboard/users', labelKey: 'nav.users', icon: Users, adminOnly: true },
  { to: '/dashboard/players', labelKey: 'nav.players', icon: Swords },
  { to: '/dashboard/items', labelKey: 'nav.items', icon: Package },
  { to: '/dashboard/events', labelKey: 'nav.events', icon: CalendarDays, pro: true },
  { to: '/dashboard/history', labelKey: 'nav.history', icon: History, pro: true },
  { to: '/dashboard/subscription', labelKey: 'nav.subscription', icon: CreditCard, adminOnly: true },
  { to: '/dashboard/faq', labelKey: 'nav.faq', icon: HelpCircle },
]

/** The entries `isAdmin` can use (docs/product-rules.md, "Screens", dashboard shell). */
export const navItemsFor = (isAdmin: boolean) => NAV_ITEMS.filter((item) => isAdmin || !item.adminOnly)
