// Everything the menu shows in a dialog, with its CSS: loaded on first use (remotes/menu/lazyDialogs.tsx).
import { useLayoutEffect, useRef } from 'react';
import { adoptStyles } from '@shared/widget';
import { menuDialogCss } from './dialogStyles';
export { DishDialog } from './DishDialog';
export { MenuDialog } from './MenuDialog';
export { DishInfoDialog } from './DishInfoDialog';
export { AgeDialog, ClosedDialog, NotFoundDialog, OfferDialog, TwoForOneDialog } from './SmallDialogs';

/** Adopts the dialogs' CSS into the menu's shadow root before the first dialog paints. */
export function MenuDialogStyles() {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) adoptStyles(ref.current, 'menu-dialogs', menuDialogCss);
  }, []);
  return <span ref={ref} hidden />;
}
