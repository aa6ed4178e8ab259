// shared/rules: pure validation rules. Plain data in, plain data out; no clock, no I/O.
export * from './tags';
export * from './age';
export * from './names';
export * from './address';
export * from './checkout';
export * from './refund';
export * from './group';
export * from './payment';
export * from './discountLabel';
export * from './menu';
export * from './gate';
export * from './order';
export * from './handover';
export * from './checkoutForm';
export * from './consent';
export * from './pages';
