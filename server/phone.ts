// The phone rule lives in @shared/rules (the pages validate with it too).
export { normalizePhone } from '@shared/rules';
