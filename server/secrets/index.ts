// Per-shop secrets, encrypted at rest (issue 25 point 5).
export * from './crypto';
export * from './store';
