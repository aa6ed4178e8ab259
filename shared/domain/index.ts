export * from './money';
export * from './catalog';
export * from './shop';
export * from './cart';
export { lenientKit, strictKit, type SchemaKit } from './kit';
export * from './answers';
export * from './requests';
