/**
 * The dishes of the menu's first screens: the server pre-renders these (prerender.tsx), and the live
 * widget's first render shows these too, so taking the first view over commits and lays out no more
 * than the guest sees; the other dishes follow in transitions (MenuWidget.tsx).
 */
export const FIRST_SCREEN_DISHES = 6;

/** How many more dishes each of the following transitions adds (a commit and layout of ≈ 20 ms at 4× CPU). */
export const FOLLOW_DISHES = 12;
