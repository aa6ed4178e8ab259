// Per-shop secrets, encrypted at rest.
export * from './crypto';
export * from './store';
