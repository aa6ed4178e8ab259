// Everything the menu shows in a dialog: loaded on first use (MenuWidget's lazy imports).
export { DishDialog } from './DishDialog';
export { MenuDialog } from './MenuDialog';
export { InfoDialog } from './InfoDialog';
export { AgeDialog, ClosedDialog, NotFoundDialog, OfferDialog, TwoForOneDialog } from './SmallDialogs';
