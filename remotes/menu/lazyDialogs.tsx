// The dialogs are not needed to show the menu: one chunk, loaded when the first one opens.
import { Suspense, lazy, type JSX } from 'react';

const dialogs = () => import(/* webpackChunkName: "menu-dialogs" */ './components/dialogs');
export const DishDialog = lazy(() => dialogs().then((m) => ({ default: m.DishDialog })));
export const MenuDialog = lazy(() => dialogs().then((m) => ({ default: m.MenuDialog })));
export const DishInfoDialog = lazy(() => dialogs().then((m) => ({ default: m.DishInfoDialog })));
export const AgeDialog = lazy(() => dialogs().then((m) => ({ default: m.AgeDialog })));
export const ClosedDialog = lazy(() => dialogs().then((m) => ({ default: m.ClosedDialog })));
export const NotFoundDialog = lazy(() => dialogs().then((m) => ({ default: m.NotFoundDialog })));
export const OfferDialog = lazy(() => dialogs().then((m) => ({ default: m.OfferDialog })));
export const TwoForOneDialog = lazy(() => dialogs().then((m) => ({ default: m.TwoForOneDialog })));
const MenuDialogStyles = lazy(() => dialogs().then((m) => ({ default: m.MenuDialogStyles })));

/** The open dialog with the dialogs' CSS, once their chunk is there. */
export function DialogSlot({ children }: { children: JSX.Element }) {
  return (
    <Suspense fallback={null}>
      <MenuDialogStyles />
      {children}
    </Suspense>
  );
}
