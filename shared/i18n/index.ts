export * from './format';
export * from './messages';
export * from './menu';
