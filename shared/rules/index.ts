// shared/rules: pure validation rules. Plain data in, plain data out; no clock, no I/O.
export * from './tags';
export * from './age';
export * from './names';
export * from './email';
export * from './discountLabel';
export * from './menu';
export * from './gate';
export * from './consent';
export * from './table';
