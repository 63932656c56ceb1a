import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { Badge } from '@web/components/ui/badge'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet'
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip'
import { cn } from '@web/lib/cn'
import { type NavItem, navItemsFor } from './nav-items'
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_MOBILE, useSidebar } from './sidebar-context'

const itemClass =
  'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0'

function NavEntry({ item, collapsed, locked }: { item: NavItem; collapsed: boolean; locked: boolean }) {
  const { t } = useTranslation(['dashboard', 'common'])
  const { setOpenMobile } = useSidebar()
  const label = t(item.labelKey, { ns: 'common' })
  const Icon = item.icon
  if (locked) {
    // Disabled but still focusable, so keyboard users can reach the 'Recurso Premium' explanation.
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-disabled="true"
            aria-label={collapsed ? `${label} (${t('sidebar.pro')})` : undefined}
            className={cn(
              itemClass,
              'w-full cursor-not-allowed text-left text-muted-foreground opacity-60',
              collapsed && 'justify-center px-0',
            )}
          >
            <Icon aria-hidden />
            {!collapsed && <span className="flex-1 truncate">{label}</span>}
            {!collapsed && (
              <Badge variant="secondary" className="gap-0.5">
                <Lock aria-hidden />
                {t('sidebar.pro')}
              </Badge>
            )}
          </button>
        </TooltipTrigger>
        <TooltipContent side="right">{t('sidebar.premium')}</TooltipContent>
      </Tooltip>
    )
  }
  const link = (
    <NavLink
      to={item.to}
      end={item.end}
      onClick={() => setOpenMobile(false)}
      aria-label={collapsed ? label : undefined}
      className={({ isActive }) =>
        cn(
          itemClass,
          isActive
            ? 'bg-accent text-accent-foreground'
            : 'text-foreground/80 hover:bg-accent hover:text-accent-foreground',
          collapsed && 'justify-center px-0',
        )
      }
    >
      <Icon aria-hidden />
      {!collapsed && <span className="truncate">{label}</span>}
    </NavLink>
  )
  if (!collapsed) return link
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  )
}

type Access = {
  /** An active subscription or a live trial: the Pro entries are links. */
  proAllowed: boolean
  /** A guild admin: the entries only admins can use are shown. */
  isAdmin: boolean
}

function SidebarBody({ collapsed, proAllowed, isAdmin }: { collapsed: boolean } & Access) {
  const { t } = useTranslation(['dashboard', 'common'])
  return (
    <>
      <div className={cn('flex h-14 items-center gap-2 border-b px-3', collapsed && 'justify-center px-0')}>
        <Link
          to="/dashboard"
          className="flex min-w-0 items-center gap-2 rounded-md font-bold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={collapsed ? t('appName', { ns: 'common' }) : undefined}
        >
          <img src="/favicon.svg" alt="" className="size-6 shrink-0" />
          {!collapsed && <span className="truncate">{t('appName', { ns: 'common' })}</span>}
        </Link>
        {!collapsed && <Badge variant="outline">{t('beta', { ns: 'common' })}</Badge>}
      </div>
      <nav aria-label={t('sidebar.label')} className="flex-1 overflow-y-auto p-2">
        <ul className="grid gap-1">
          {navItemsFor(isAdmin).map((item) => (
            <li key={item.to}>
              <NavEntry item={item} collapsed={collapsed} locked={Boolean(item.pro) && !proAllowed} />
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}

/** Desktop: a column of 16rem (3rem collapsed). Mobile: an 18rem sheet over the page. */
export function Sidebar(access: Access) {
  const { t } = useTranslation('dashboard')
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar()
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent style={{ width: SIDEBAR_WIDTH_MOBILE }} data-testid="sidebar-mobile">
          <SheetTitle className="sr-only">{t('sidebar.label')}</SheetTitle>
          <SheetDescription className="sr-only">{t('sidebar.description')}</SheetDescription>
          <SidebarBody collapsed={false} {...access} />
        </SheetContent>
      </Sheet>
    )
  }
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED }}
      // Hidden on a phone's screen by its own CSS too: a page the server rendered shows it until hydrated.
      className="sticky top-0 hidden h-svh shrink-0 flex-col overflow-hidden border-r bg-sidebar transition-[width] duration-200 md:flex"
    >
      <SidebarBody collapsed={!open} {...access} />
    </aside>
  )
}
