// The boxes the widgets keep while they load, so that a restaurant's page does not move (docs/embedding.md, "Space
// kept while the widgets load"): the page's own CSS reserves them from its first paint, the loader stub until the
// elements are defined (shell/embed/stub.ts has its own copy, every byte counts there: boxes.test.ts keeps them
// equal), the loading box until the widget's first commit (HOST_CSS), and the live widget's first view is as big.

/** The menu: 600 px high (the live menu adds its dishes below). */
export const MENU_BOX_HEIGHT = 600;
/**
 * The address widget's inline view (toggle, then 'Adresse eingeben'; its margin inside): 154 px high at every width.
 * A remembered address shows more (address, minimum order value, fees) and is taller.
 */
export const ADDRESS_BOX_HEIGHT = 154;
/** The cart button (`data-variant="button"`, or none on a foreign page): an empty cart's and one with lines. */
export const CART_BUTTON_BOX = { width: 90, height: 44 } as const;
/**
 * The shop's own full cart (`data-variant="full"`) on wide screens (from md, the shell's aside, 360 px): an empty
 * cart's box, kept from the loading box through the cart's content chunk, so what stands below it (the group box's
 * 'Gruppenbestellung') does not move under a tap. Below md the full cart is the fixed bar: no box in the page.
 */
export const CART_FULL_BOX_HEIGHT = 241;
