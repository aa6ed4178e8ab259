export * from './money';
export * from './catalog';
export * from './shop';
export * from './cart';
