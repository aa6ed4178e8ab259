// One import point for the components' texts (all from @shared/i18n and the UI primitives).
export * from '@shared/i18n';
import { UI_TEXT } from '@shared/ui';
export const UI_QUANTITY = UI_TEXT.quantity;
