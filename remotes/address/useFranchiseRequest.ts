// The menu's request to choose a franchise shop ('WÄHLE DEINE FILIALE'): the dialog opens on its list.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { findFranchiseShop, suggestFranchiseShop } from '@shared/checkout';
import type { Bootstrap } from '@shared/domain';
import { $deliveryType, $franchiseRequest } from '@shared/stores';
import { formatAddress } from './flow';
import { $address, $dialog, updateDialog } from './state';

/** Keeps a request from the menu ('WÄHLE DEINE FILIALE' directly): loading → list when the shops arrive. */
export function useFranchiseRequest(boot: Bootstrap, enabled: boolean) {
  const request = useStore($franchiseRequest);
  useEffect(() => {
    if (!enabled || !request || !boot.franchise || !boot.config.franchiseId) return;
    const franchiseId = boot.config.franchiseId;
    const fallback = boot.franchise.shops;
    const type = $deliveryType.get();
    const saved = $address.get();
    $dialog.set({ page: 'loading', listOnly: true, back: 'initial', shops: [], home: saved?.addr ?? null, selected: null, seq: request.seq });
    let alive = true;
    const location = saved?.addr ? formatAddress(saved.addr) : '';
    const load = location ? findFranchiseShop(franchiseId, { location, deliveryType: type }) : Promise.resolve(null);
    void load.then((res) => {
      if (!alive || $dialog.get()?.seq !== request.seq) return;
      const shops = res && res.allShops.length ? res.allShops : fallback;
      const suggestion = suggestFranchiseShop(shops, type);
      updateDialog({ page: 'list_franchises', shops, home: res?.addr ?? saved?.addr ?? null, selected: suggestion?.shop.id ?? null });
    });
    return () => {
      alive = false;
    };
  }, [request, boot, enabled]);
}
