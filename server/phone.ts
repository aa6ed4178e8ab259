// The phone rule lives in @shared/pages (the pages validate with it too).
export { normalizePhone } from '@shared/pages';
