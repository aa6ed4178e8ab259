// What asks the menu to open something from outside: other widgets (edit a cart line, a dish
// by name or id), a franchise switch with a dish chosen before it, the main page's query.
import { useEffect, useRef, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { isLineEditable, type Bootstrap } from '@shared/domain';
import { $cart, $franchiseRequest, $menuRequest, FRANCHISE_DISH_OPEN_MS, clearFranchiseRequest, consumeMenuRequest, openDishLink, track } from '@shared/stores';
import { findDishByNameOrId } from '@shared/rules';
import type { SetDialog, Target } from './dialogState';
import { queryScrollTarget, scrollToTarget } from './scroll';

export function useMenuRequests(
  data: Bootstrap | null, dishOption: unknown, rootRef: RefObject<HTMLDivElement | null>, proceed: (target: Target) => void, setDialog: SetDialog,
): void {
  // Requests from other widgets and links: edit a cart line, open a dish by name or id.
  const request = useStore($menuRequest);
  useEffect(() => {
    if (!request || !data) return;
    consumeMenuRequest(request);
    if (request.kind === 'edit') {
      const line = $cart.get().find((l) => l.lineId === request.lineId);
      if (line && !isLineEditable(line)) return;
      if (line?.kind === 'dish') proceed({ kind: 'dish', id: line.dishId, line });
      else if (line?.kind === 'menu') proceed({ kind: 'menu', id: line.menuId, line });
      return;
    }
    const dish = findDishByNameOrId(data.catalog, request.nameOrId);
    if (dish) proceed({ kind: 'dish', id: dish.id });
    else {
      track('dish-not-found', { dish: request.nameOrId });
      setDialog({ type: 'notFound', name: request.nameOrId });
    }
  }, [request, data, proceed, setDialog]);

  // A dish chosen before a franchise switch opens 250 ms after the new shop is there.
  useEffect(() => {
    if (!data) return;
    const fr = $franchiseRequest.get();
    if (!fr || !fr.item || fr.fromShopId === data.config.id) return;
    const item = fr.item;
    const t = setTimeout(() => {
      clearFranchiseRequest();
      proceed(item.kind === 'dish' ? { kind: 'dish', id: item.id } : { kind: 'menu', id: item.id });
    }, FRANCHISE_DISH_OPEN_MS);
    return () => clearTimeout(t);
  }, [data, proceed]);

  // Query of the main page: scrollTo / jumpScroll, and a dish link (?gericht=).
  const didQuery = useRef(false);
  useEffect(() => {
    if (!data || didQuery.current) return;
    didQuery.current = true;
    const dishLink = (typeof dishOption === 'string' && dishOption) || new URLSearchParams(location.search).get('gericht');
    if (dishLink) openDishLink(dishLink);
    const target = queryScrollTarget(location.search);
    const root = rootRef.current?.getRootNode();
    if (target && root) requestAnimationFrame(() => scrollToTarget(root as ShadowRoot | Document, target.id, { jump: target.jump }));
  }, [data, dishOption, rootRef]);
}
