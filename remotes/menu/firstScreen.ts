/**
 * The dishes of the menu's first screens: the server pre-renders these (prerender.tsx), and the live
 * widget's first render shows these too, so taking the first view over commits and lays out no more
 * than the guest sees; the other dishes follow in a transition of their own (MenuWidget.tsx).
 */
export const FIRST_SCREEN_DISHES = 6;
