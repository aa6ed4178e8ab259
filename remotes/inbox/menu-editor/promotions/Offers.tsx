// 'Angebote': the banners guests see above the menu — a cart discount (percent or euro, from a
// minimum order value), free items to choose from, free delivery, or a shared banner over others.
import { useMemo } from 'react';
import type { Catalog } from '@shared/domain';
import { hiddenWarnings } from '@shared/menuedit';
import { EuroField, TextField } from '../fields';
import { ChannelChoice, Checks, Choice, Flag, HiddenNote, KindAndAmount, SelectionEditor, dishLabel, type Edit } from './controls';
import { EntryList } from './EntryList';
import { newOffer, toggle } from './model';
import { PROMO_TEXTS as T } from './texts';

export function Offers({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const warnings = useMemo(() => hiddenWarnings(catalog), [catalog]);
  return (
    <EntryList catalog={catalog} edit={edit} list="offers" title={(o, i) => o.title || `${T.offers} ${i + 1}`} addLabel={T.newOffer} onAdd={() => edit((c) => newOffer(c).catalog)}>
      {(o, { at, change }) => (
        <>
          <div className="me-row me-row--wrap">
            <TextField path={at('title')} label={T.offerTitle} value={o.title} required onChange={(v) => change((x) => void (x.title = v), at('title'))} />
            <Choice
              path={at('offerType')}
              label={T.offerType}
              value={o.offerType}
              options={[
                { value: 'cartDiscount', label: T.typeCartDiscount },
                { value: 'freeItem', label: T.typeFreeItem },
                { value: 'freeDelivery', label: T.typeFreeDelivery },
                { value: 'sharedBanner', label: T.typeSharedBanner },
              ]}
              onChange={(t) => change((x) => void (x.offerType = t), at('freeItems'))}
            />
          </div>
          <TextField path={at('description')} label={T.offerDescription} hint={T.offerDescriptionHint} value={o.description} multiline onChange={(v) => change((x) => void (x.description = v))} />
          {o.offerType === 'cartDiscount' && (
            <div className="me-row me-row--wrap">
              <KindAndAmount
                kindPath={at('discountType')}
                valuePath={at('value')}
                label={T.discountType}
                kind={o.discountType}
                options={[
                  { value: 'percent', label: T.inPercent },
                  { value: 'value', label: T.inEuro },
                ]}
                euroLabel={T.offerValueEuro}
                value={o.value}
                onKind={(t) => change((x) => void (x.discountType = t), at('value'))}
                onValue={(n) => change((x) => void (x.value = n), at('value'))}
              />
              <ChannelChoice path={at('channel')} value={o.channel} onChange={(ch) => change((x) => void (x.channel = ch))} />
            </div>
          )}
          {o.offerType !== 'sharedBanner' && (
            <EuroField path={at('minimumOrderValue')} label={T.minimumOrderValue} cents={o.minimumOrderValue} optional onCents={(n) => change((x) => void (x.minimumOrderValue = n))} />
          )}
          {o.offerType === 'freeItem' && (
            <>
              <Checks
                path={at('freeItems')}
                legend={T.freeItems}
                options={catalog.dishes.map((d) => ({ id: d.id, label: dishLabel(d) }))}
                checked={(id) => o.freeItems.some((r) => r.dishId === id)}
                onToggle={(id, on) =>
                  change((x) => void (x.freeItems = on ? [...x.freeItems.filter((r) => r.dishId !== id), { dishId: id, sizeId: null }] : x.freeItems.filter((r) => r.dishId !== id)), at('freeItems'))
                }
              />
              <HiddenNote warnings={warnings} path={at('freeItems')} />
              <Flag label={T.combinable} checked={o.combinable} onChange={(on) => change((x) => void (x.combinable = on))} />
              <Flag label={T.accumulativeTwoForOne} checked={o.accumulativeTwoForOne} onChange={(on) => change((x) => void (x.accumulativeTwoForOne = on))} />
            </>
          )}
          {o.offerType === 'sharedBanner' && (
            <Checks
              path={at('offers')}
              legend={T.bannerOffers}
              options={catalog.offers.filter((x) => x.id !== o.id).map((x) => ({ id: x.id, label: x.title || x.id }))}
              checked={(id) => o.offers.includes(id)}
              onToggle={(id, on) => change((x) => void (x.offers = toggle(x.offers, id, on)), at('offers'))}
            />
          )}
          <Flag label={T.groupOrderOnly} checked={o.groupOrderOnly} onChange={(on) => change((x) => void (x.groupOrderOnly = on))} />
          <Flag label={T.hideCallToAction} checked={o.hideCallToAction} onChange={(on) => change((x) => void (x.hideCallToAction = on))} />
          <SelectionEditor catalog={catalog} path={at('itemSelection')} value={o.itemSelection} onChange={(s) => change((x) => void (x.itemSelection = s))} />
          <HiddenNote warnings={warnings} path={at('itemSelection')} />
        </>
      )}
    </EntryList>
  );
}
