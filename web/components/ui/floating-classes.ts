// What the floating panels share (the select's list, the dropdown menu, the popover), so they look and
// behave alike. The panels' own class lists are joined here as plain strings, not with cn(): they are made
// when the module loads, and a cn() there would build tailwind-merge's class map on every page that imports
// a menu (web/lib/cn.ts). floating-classes.test.ts checks that none of them holds a clash cn() would settle.

/** A panel that floats over the page, anchored to what opened it. */
export const POPOVER_SURFACE = 'z-50 rounded-md border bg-popover text-popover-foreground shadow-md'

/**
 * One choice in a menu: highlighted while focused (by keyboard or pointer), dimmed while disabled; a
 * finger's 44 px high on a touch screen (a queue row's "More" menu on a phone: 32 px, an outside test).
 */
export const MENU_ITEM =
  'relative flex cursor-default select-none items-center rounded-sm py-1.5 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 pointer-coarse:min-h-11'

/**
 * A select's choice. Radix draws a closed select's choices too, once the page has loaded (to know their
 * texts): on every dashboard screen with a select, right after hydration.
 */
export const SELECT_ITEM = `${MENU_ITEM} w-full pr-8 pl-2`

/**
 * The side sheet's panel (the phone's sidebar). A phone's dashboard draws the closed sheet as soon as it has
 * hydrated.
 */
export const SHEET_CONTENT = 'fixed inset-y-0 left-0 z-50 flex h-full flex-col border-r bg-sidebar shadow-lg'

/** The dropdown menu's panel. */
export const MENU_CONTENT = `${POPOVER_SURFACE} min-w-32 overflow-hidden p-1`

/** A dropdown menu's action, with its icon. */
export const MENU_ACTION = `${MENU_ITEM} gap-2 px-2 transition-colors [&_svg]:size-4`

/** A dropdown menu's choice of one among several (the language menu's). */
export const MENU_RADIO_ITEM = `${MENU_ITEM} px-2 data-[state=checked]:font-semibold`

/** The popover's panel. */
export const POPOVER_CONTENT = `${POPOVER_SURFACE} w-80 max-w-[calc(100vw-1rem)] p-4 outline-none`

/** The tooltip's panel. */
export const TOOLTIP_CONTENT = 'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background'
