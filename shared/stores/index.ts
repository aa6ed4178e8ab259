export {
  $shopId,
  $bootstrap,
  $config,
  $catalog,
  $deliveryPeriod,
  loadShop,
  refreshDeliveryPeriod,
  startDeliveryPeriodRefresh,
  stopDeliveryPeriodRefresh,
  resetShop,
  DELIVERY_PERIOD_REFRESH_MS,
  type BootstrapState,
} from './shop';
export {
  $deliveryTypePreSelection,
  $deliveryTypeAutoSelection,
  $deliveryType,
  setDeliveryType,
} from './deliveryType';
export {
  $cart,
  $cartCount,
  $cartProblems,
  addToCart,
  updateCartLine,
  setLineAmount,
  removeCartLine,
  clearCart,
  setCart,
  reloadCart,
  setCartRestorer,
  defaultCartRestorer,
  dismissCartProblems,
  newLineId,
  $cartSwitchedFrom,
  recheckCart,
  handOverCart,
  receiveHandedOverCart,
  type CartRestorer,
  type CartRestoreResult,
  type CartRestoreMeta,
} from './cart';
export {
  $showNevertheless,
  setShowNevertheless,
  $ageConfirmed,
  confirmAge,
  isAgeConfirmed,
  $tableNumber,
  setTableNumber,
  parseTableNumber,
  readCouponCode,
  writeCouponCode,
  reloadSessionValues,
  getSessionId,
  type AgeLimit,
} from './session';
export {
  $devFlags,
  DEFAULT_DEV_FLAGS,
  parseDevFlags,
  devFlag,
  setDevFlags,
  reloadDevFlags,
  $devStats,
  recordDiscountCalculation,
  devLog,
  type DevFlags,
  type DevLogEntry,
} from './dev';
export {
  $shopTime,
  startShopClock,
  stopShopClock,
  syncShopTime,
  setManualShopTime,
  resetShopClock,
} from './shopTime';
export { $coupon, applyCoupon, clearCoupon, restoreCoupon } from './coupon';
export { track, sendEvent, flushTracking, visitCount, startVisitTracking, resetTracking } from './tracking';
export {
  $consentSources,
  $analyticsConsent,
  $consentBannerOpen,
  $trackingAllowed,
  configureConsent,
  setHostConsent,
  chooseConsent,
  openConsentBanner,
} from './consent';
export { emitHostEvent, $route, navigate } from './events';
export { createSafeStorage, local, session, parseJson, keys as storageKeys, type SafeStorage } from './storage';
export { startShopServices, stopShopServices } from './services';
export {
  $groupOrderActive,
  $groupLines,
  $orderItems,
  $groupRole,
  $isNonOwnerInActiveGroup,
  $deliveryZone,
  $twoForOneStatus,
  setTwoForOneStatus,
  $selectedFreeItems,
  selectFreeItem,
  unselectFreeItem,
  parseSelectedFreeItems,
  $pricingContext,
  $orderTotals,
} from './order';
export {
  $menuRequest,
  openDishEditor,
  openDishLink,
  consumeMenuRequest,
  $franchiseRequest,
  requestFranchiseDialog,
  clearFranchiseRequest,
  FRANCHISE_DISH_OPEN_MS,
  type MenuRequest,
  type FranchiseRequest,
} from './menuRequests';
export { startCartAvailabilityCheck, stopCartAvailabilityCheck, CART_AVAILABILITY_CHECK_MS } from './cartAvailability';
export { $couponReservation, checkReservedCoupon, acceptCouponReservation, declineCouponReservation } from './couponReservation';
export { $serveAt, $serveAtNotice, $serveAtChoices, $serveAtForOrder, setServeAt, dismissServeAtNotice } from './serveAt';
