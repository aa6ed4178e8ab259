// shared/ops: the shop's state during the day — pause, busy, sold out, the order watch. Pure.
export * from './rules';
export * from './texts';
