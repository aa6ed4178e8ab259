// shared/tracking: the sending side of visit and event tracking and its calls. Not part of the
// embed runtime: the stores' consent gate (shared/stores/tracking.ts) loads it once tracking is
// allowed, so a page whose guest has not consented never downloads it.
export { createTracker, type Tracker, type TrackerContext } from './tracker';
export { pingVisit, sendPlatformEvent, trackEvent, trackEvents, trackVisit } from './calls';
