export * from './format';
export * from './messages';
export * from './menu';
export * from './cart';
export * from './address';
