// shared/pricing: the pure pricing engine. Plain data in, plain data out; integer cents; shop time is a parameter.
export * from './types';
export * from './constants';
export * from './rounding';
export * from './schedule';
export * from './selection';
export * from './catalogIndex';
export * from './litre';
export * from './discounts';
export * from './extras';
export * from './line';
export * from './twoForOne';
export * from './offers';
export * from './coupon';
export * from './menuSlots';
export * from './order';
export * from './restore';
