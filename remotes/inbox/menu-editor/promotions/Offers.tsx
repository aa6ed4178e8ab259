// 'Angebote': the banners guests see above the menu — a cart discount (percent or euro, from a
// minimum order value), free items to choose from, free delivery, or a shared banner over others.
import { useContext } from 'react';
import type { Catalog, Offer } from '@shared/domain';
import { Button } from '@shared/ui';
import { EuroField, IntField, ProblemsContext, TextField } from '../fields';
import { Checks, Choice, EntryFrame, Flag, SelectionEditor, dishLabel, p, type Edit } from './controls';
import { newOffer, removeEntry, toggle, updateEntry } from './model';
import { PROMO_TEXTS as T } from './texts';

export function Offers({ catalog, edit }: { catalog: Catalog; edit: Edit }) {
  const problems = useContext(ProblemsContext);
  return (
    <div className="me-area">
      {catalog.offers.length === 0 && <p>{T.none}</p>}
      {catalog.offers.map((o, i) => {
        const at = (...keys: (string | number)[]) => p('offers', i, ...keys);
        const change = (fn: (x: Offer) => void, touched?: string) => edit((c) => updateEntry(c, 'offers', i, fn), touched);
        return (
          <EntryFrame
            key={o.id}
            title={o.title || `${T.offers} ${i + 1}`}
            onRemove={() => {
              problems.clearUnder('offers');
              edit((c) => removeEntry(c, 'offers', i));
            }}
          >
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
                <Choice
                  path={at('discountType')}
                  label={T.discountType}
                  value={o.discountType}
                  options={[
                    { value: 'percent', label: T.inPercent },
                    { value: 'value', label: T.inEuro },
                  ]}
                  onChange={(t) => {
                    problems.setInput(at('value'), null);
                    change((x) => void (x.discountType = t), at('value'));
                  }}
                />
                {o.discountType === 'percent' ? (
                  <IntField key="percent" path={at('value')} label={T.percent} value={o.value} min={0} onValue={(n) => change((x) => void (x.value = n), at('value'))} />
                ) : (
                  <EuroField key="value" path={at('value')} label={T.offerValueEuro} cents={o.value} onCents={(n) => change((x) => void (x.value = n), at('value'))} />
                )}
                <Choice
                  path={at('channel')}
                  label={T.channel}
                  value={o.channel}
                  options={[
                    { value: 'all', label: T.channelAll },
                    { value: 'webshop', label: T.channelWebshop },
                    { value: 'dineIn', label: T.channelDineIn },
                  ]}
                  onChange={(ch) => change((x) => void (x.channel = ch))}
                />
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
          </EntryFrame>
        );
      })}
      <Button variant="secondary" onClick={() => edit((c) => newOffer(c).catalog)}>
        {T.newOffer}
      </Button>
    </div>
  );
}
