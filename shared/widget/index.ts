export * from './types';
export { defineWidget, adoptStyles, remToPx, WidgetErrorBoundary } from './mount';
export { useFirstInstance } from './firstInstance';
export { BREAKPOINTS, WIDE_QUERY, useMediaQuery } from './media';
