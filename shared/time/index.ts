// Pure shop-time logic shared by the server and the widgets: no clock, no I/O.
export * from './clock';
export * from './timetable';
export {
  computeDeliveryPeriod,
  serveTimeSlots,
  describeOpening,
  specialClosedMessage,
  todaysRanges,
  DEFAULT_LEAD_TIME,
  type DeliveryPeriodInput,
  type DeliveryPeriodOptions,
} from './deliveryPeriod';
export * from './serveAt';
export * from './openingHours';
