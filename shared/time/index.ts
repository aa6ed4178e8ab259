// Pure shop-time logic shared by the server and the widgets: no clock, no I/O.
// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './clock';
export { MINUTES_PER_DAY, addMinutes, periodMinute } from './clock';
export type * from './timetable';
export type * from './deliveryPeriod';
export type * from './serveAt';
export { resolveServeAt, serveAtChoices, typeAvailableNow } from './serveAt';
export type * from './openingHours';
