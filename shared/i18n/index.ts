// The barrel exports as values only what code outside the folder uses (a shared module's exports
// all ship); every type is exported. Tests and the server import other parts from the files.
export { formatDecimal, formatEuro, formatPercentOff } from './format';
export { TAG_NAMES } from './tags';
export { ALL_FRANCHISE_SHOPS_CLOSED, CLOSED_TODAY, EXTRA_UNAVAILABLE_IN_SIZE, GROUP_INVALID, GROUP_NAME_TOO_SHORT, INVALID_DISH, LABEL_AND_MORE, LABEL_PREFIX_NOW, LABEL_PREFIX_TODAY, LABEL_SPECIAL_PRICE, MARKER_NAMES, OWN_NAME_TOO_SHORT, PAYMENT_METHOD_NAMES, SHOP_UNAVAILABLE, TWO_FOR_ONE_DIALOG_TITLE, TWO_FOR_ONE_NO_OPTION, closedOpensAt, closedOpensInMinutes, groupHeaderChoose, groupHeaderCount, groupHeaderMin, groupHeaderMinMax, serveAtReplacedText } from './messages';
