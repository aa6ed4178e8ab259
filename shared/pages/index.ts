// shared/pages: the shell's own pages (reservation, contact, unsubscribe, legal pages): their form
// rules, German texts and API calls. A folder of its own so the embed runtime does not carry them.
export * from './rules';
export * from './texts';
export * from './api';
export * from './accessibility';
