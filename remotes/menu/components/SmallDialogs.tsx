// Shop closed, age confirmation, two-for-one choice, offer details, dish not available.
import { useState } from 'react';
import type { Catalog, Offer } from '@shared/domain';
import { indexCatalog } from '@shared/pricing';
import { Button } from '@shared/ui';
import { AlertDialog, Dialog } from '@shared/dialog';
import {
  AGE_DENY, BTN_CANCEL, BTN_OK, CLOSED_TITLE, DISH_NOT_AVAILABLE_TITLE, OFFER_COVERS, OFFER_CTA, OFFER_DETAILS_TITLE, OFFER_INCLUDED,
  SHOW_NEVERTHELESS, TWO_FOR_ONE_DIALOG_TITLE, TWO_FOR_ONE_NO_OPTION, ageConfirm, ageText, ageTitle, applyPromotion, dishNotAvailable,
  formatEuro, keepDishDiscount,
} from './texts';
import { offerHeadline } from './common';

export function ClosedDialog({ text, canShow, onClose, onShowNevertheless }: { text: string; canShow: boolean; onClose(): void; onShowNevertheless(): void }) {
  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--closed"
      onClose={onClose}
      header={CLOSED_TITLE}
      footer={
        <>
          {canShow && (
            <Button variant="secondary" onClick={onShowNevertheless}>
              {SHOW_NEVERTHELESS}
            </Button>
          )}
          <Button onClick={onClose}>{BTN_OK}</Button>
        </>
      }
    >
      <div className="closed">
        <svg className="closed__img" viewBox="0 0 48 48" width="72" height="72" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M24 12v13l8 5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p className="closed__text">{text}</p>
      </div>
    </Dialog>
  );
}

export function AgeDialog({ age, onConfirm, onDeny }: { age: 16 | 18; onConfirm(): void; onDeny(): void }) {
  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--age"
      onClose={onDeny}
      header={ageTitle(age)}
      footer={
        <>
          <Button variant="secondary" onClick={onDeny}>
            {AGE_DENY}
          </Button>
          <Button onClick={onConfirm}>{ageConfirm(age)}</Button>
        </>
      }
    >
      <p>{ageText(age)}</p>
    </Dialog>
  );
}

export function TwoForOneDialog({ title, promotionSaving, discountSaving, onCancel, onChoose }: { title: string; promotionSaving: number; discountSaving: number; onCancel(): void; onChoose(apply: boolean): void }) {
  const [choice, setChoice] = useState<'keep' | 'apply' | null>(null);
  const [error, setError] = useState(false);
  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--241"
      onClose={onCancel}
      header={TWO_FOR_ONE_DIALOG_TITLE}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {BTN_CANCEL}
          </Button>
          <Button onClick={() => (choice ? onChoose(choice === 'apply') : setError(true))}>{BTN_OK}</Button>
        </>
      }
    >
      <fieldset className="opt-group">
        <legend className="tl-visually-hidden">{TWO_FOR_ONE_DIALOG_TITLE}</legend>
        <ul className="opt-list">
          <li className="opt-row">
            <label>
              <input type="radio" name="t41" checked={choice === 'keep'} onChange={() => { setChoice('keep'); setError(false); }} />{' '}
              {keepDishDiscount(formatEuro(discountSaving))}
            </label>
          </li>
          <li className="opt-row">
            <label>
              <input type="radio" name="t41" checked={choice === 'apply'} onChange={() => { setChoice('apply'); setError(false); }} />{' '}
              {applyPromotion(title, formatEuro(promotionSaving))}
            </label>
          </li>
        </ul>
      </fieldset>
      {error && (
        <p className="opt-error" role="alert">
          {TWO_FOR_ONE_NO_OPTION}
        </p>
      )}
    </Dialog>
  );
}

export interface OfferLink {
  kind: 'category' | 'dish' | 'menu';
  id: string;
  name: string;
}

export function OfferDialog({ catalog, offer, onClose, onLink, onCta }: { catalog: Catalog; offer: Offer; onClose(): void; onLink(link: OfferLink): void; onCta(): void }) {
  const sel = offer.itemSelection;
  // hidden categories and their dishes are no links: the guest cannot see them
  const hidden = indexCatalog(catalog).hiddenDishes;
  const links: OfferLink[] = [
    ...sel.categories.map((id) => ({ kind: 'category' as const, id, name: catalog.categories.find((c) => c.id === id && !c.hidden)?.name ?? '' })),
    ...sel.dishesWithSizes.map((r) => ({ kind: 'dish' as const, id: r.dishId, name: hidden.has(r.dishId) ? '' : catalog.dishes.find((d) => d.id === r.dishId)?.name ?? '' })),
    ...sel.menus.map((id) => ({ kind: 'menu' as const, id, name: catalog.menus.find((m) => m.id === id)?.name ?? '' })),
  ].filter((l) => l.name);
  const included = offer.offerType === 'sharedBanner' ? offer.offers.map((id) => catalog.offers.find((o) => o.id === id)).filter((o): o is Offer => !!o) : [];
  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--offer"
      onClose={onClose}
      header={OFFER_DETAILS_TITLE}
      footer={
        offer.hideCallToAction ? undefined : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {BTN_OK}
            </Button>
            <Button onClick={onCta}>{OFFER_CTA}</Button>
          </>
        )
      }
    >
      <p className="offer__headline">{offerHeadline(offer)}</p>
      <p className="offer__title">{offer.title}</p>
      {offer.description.split(' - ').map((line, i) => (
        <p key={i} className="offer__line">
          {line}
        </p>
      ))}
      {links.length > 0 && (
        <section className="info-section">
          <h3>{OFFER_COVERS}</h3>
          <ul className="offer__links">
            {links.map((l) => (
              <li key={`${l.kind}-${l.id}`}>
                <a href={l.kind === 'category' ? `#shop_category_${l.id}` : `#${l.kind}-${l.id}`} onClick={(e) => { e.preventDefault(); onLink(l); }}>
                  {l.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {included.length > 0 && (
        <section className="info-section">
          <h3>{OFFER_INCLUDED}</h3>
          <ul>
            {included.map((o) => (
              <li key={o.id}>{o.title}</li>
            ))}
          </ul>
        </section>
      )}
    </Dialog>
  );
}

export function NotFoundDialog({ name, onClose }: { name: string; onClose(): void }) {
  return (
    <AlertDialog open title={DISH_NOT_AVAILABLE_TITLE} onClose={onClose}>
      <p>{dishNotAvailable(name)}</p>
    </AlertDialog>
  );
}
