// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export type * from './shop';
export { $bootstrap, $catalog, $deliveryPeriod, $shopId, loadShop } from './shop';
export { $deliveryType, $deliveryTypePreSelection, setDeliveryType } from './deliveryType';
export type * from './cart';
export { $cart, $cartCount, $cartProblems, $cartSwitchedFrom, addToCart, clearCart, dismissCartProblems, newLineId, receiveHandedOverCart, removeCartLine, setCart, setLineAmount, updateCartLine } from './cart';
export type * from './session';
export { $showNevertheless, $tableNumber, confirmAge, getSessionId, isAgeConfirmed, setShowNevertheless, setTableNumber } from './session';
export type * from './dev';
export { $devFlags, setDevFlags } from './dev';
export { $coupon, applyCoupon, clearCoupon } from './coupon';
export { sendEvent, startVisitTracking, track } from './tracking';
export { $consentBannerOpen, chooseConsent, configureConsent, openConsentBanner, setHostConsent } from './consent';
export type * from './storage';
export { keys as storageKeys, local, parseJson, session, setStorageNamespace } from './storage';
export { startShopServices } from './services';
export type * from './order';
export { $deliveryZone, $groupLines, $groupOthersSubtotal, $groupOrderActive, $groupRole, $isNonOwnerInActiveGroup, $orderItems, $orderTotals, $pricingContext, $selectedFreeItems, $twoForOneStatus, cartEngineNow, loadCartEngine, selectFreeItem, setTwoForOneStatus, unselectFreeItem } from './order';
export type * from './menuRequests';
export { $franchiseRequest, $menuRequest, FRANCHISE_DISH_OPEN_MS, clearFranchiseRequest, consumeMenuRequest, openDishEditor, openDishLink, requestFranchiseDialog } from './menuRequests';
export { startCartAvailabilityCheck } from './cartAvailability';
export { $couponReservation, acceptCouponReservation, checkReservedCoupon, declineCouponReservation } from './couponReservation';
export { $serveAt, $serveAtChoices, $serveAtForOrder, $serveAtNotice, setServeAt } from './serveAt';
export { $ordersNotice, $shopLive, $soldOut } from './live';
