// What the floating panels share (the select's list, the dropdown menu, the popover), so they look and
// behave alike.

/** A panel that floats over the page, anchored to what opened it. */
export const POPOVER_SURFACE = 'z-50 rounded-md border bg-popover text-popover-foreground shadow-md'

/** One choice in a menu: highlighted while focused (by keyboard or pointer), dimmed while disabled. */
export const MENU_ITEM =
  'relative flex cursor-default select-none items-center rounded-sm py-1.5 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50'
