// Opening a dish or menu goes through the spec's gates in order:
// franchise overview → orders closed → age → customise.
import { $bootstrap, $deliveryPeriod, $devFlags, $ordersNotice, $showNevertheless, $soldOut, isAgeConfirmed, requestFranchiseDialog, track } from '@shared/stores';
import { GUEST_OPS_TEXTS as OPS_TEXTS } from '@shared/ops/guestTexts';
import { menuGate, requiredAgeForDish } from '@shared/rules';
import type { SetDialog, Target } from './dialogState';

/** Shows the first gate that stops the target, else its dialog; an unknown dish or menu opens nothing. */
export function openThroughGates(target: Target, setDialog: SetDialog): void {
  const b = $bootstrap.get();
  if (b.status !== 'ready') return;
  const { config, catalog, franchise } = b.data;
  const dish = target.kind === 'dish' ? catalog.dishes.find((d) => d.id === target.id) : undefined;
  if (target.kind === 'dish' ? !dish : !catalog.menus.some((m) => m.id === target.id)) return;
  const gate = menuGate({
    editing: !!target.line,
    franchiseOverview: config.flags.isFranchiseOverview || $devFlags.get().isFranchiseOverview,
    period: $deliveryPeriod.get(),
    showNevertheless: $showNevertheless.get(),
    franchise: config.franchiseId && franchise ? franchise : null,
    requiredAge: dish ? requiredAgeForDish(dish) : 0,
    ageConfirmed: isAgeConfirmed,
  });
  if (gate.gate === 'franchise') {
    requestFranchiseDialog({ kind: target.kind, id: target.id }, config.id);
    if (gate.reason === 'overview') track('franchise-dialog', { [target.kind]: target.id });
    setDialog(null);
    return;
  }
  if (gate.gate === 'closed') {
    // paused or without a staff device: the staff's words, not the opening hours'
    setDialog({ type: 'closed', text: $ordersNotice.get() ?? gate.text, target });
    return;
  }
  // sold out (a link, a search hit, an old bookmark): said, not opened
  if (!target.line && $soldOut.get().has(target.id)) {
    const name = dish?.name ?? catalog.menus.find((m) => m.id === target.id)?.name ?? target.id;
    setDialog({ type: 'closed', text: OPS_TEXTS.soldOutLine(name), target: null });
    return;
  }
  if (gate.gate === 'age') {
    setDialog({ type: 'age', age: gate.age, target });
    return;
  }
  if (target.kind === 'dish') {
    track('open-dish', { dishId: target.id });
    setDialog({ type: 'dish', dishId: target.id, line: target.line ?? null });
  } else {
    track('open-menu', { menuId: target.id });
    setDialog({ type: 'menu', menuId: target.id, line: target.line ?? null });
  }
}
