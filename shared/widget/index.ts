export * from './types';
export { defineWidget, adoptStyles, WidgetErrorBoundary } from './mount';
