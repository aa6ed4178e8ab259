// Which dialog the menu shows: one at a time, each with what it needs.
import type { DishCartItem, MenuCartItem } from '@shared/domain';

/** What the guest wants to open (a cart line when editing it). */
export type Target = { kind: 'dish'; id: string; line?: DishCartItem | null } | { kind: 'menu'; id: string; line?: MenuCartItem | null };

export type DialogState =
  | { type: 'info'; dishId: string }
  | { type: 'dish'; dishId: string; line: DishCartItem | null }
  | { type: 'menu'; menuId: string; line: MenuCartItem | null }
  | { type: 'closed'; text: string; target: Target | null }
  | { type: 'age'; age: 16 | 18; target: Target; then?: () => void }
  | { type: '241'; groupKey: string; title: string; promotionSaving: number; discountSaving: number }
  | { type: 'offer'; offerId: string }
  | { type: 'notFound'; name: string };

export type SetDialog = (d: DialogState | null) => void;
