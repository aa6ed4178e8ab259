// shared/inbox: the restaurant's order inbox — tabs, steps, ready times, German texts.
export * from './rules';
export * from './texts';
export * from './ticket';
export * from './planned';
