// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './types';
export { EMBEDDABLE_WIDGETS, WIDGET_NAMES } from './types';
export { adoptStyles, defineWidget, setWidgetTheme } from './mount';
export { useFirstInstance } from './firstInstance';
export { WIDE_QUERY, useMediaQuery } from './media';
export { ADDRESS_BOX_HEIGHT, CART_BUTTON_BOX, CART_FULL_BOX_HEIGHT } from './boxes';
export { COMMIT_EVENT, HOST_CSS, PRERENDER_ATTR, READY_EVENT, signalReady, takeOver } from './prerender';
