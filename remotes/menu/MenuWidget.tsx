import { useStore } from '@nanostores/react';
import { $bootstrap, addToCart } from '@shared/stores';
import { formatEuro } from '@shared/i18n';
import type { Dish } from '@shared/domain';
import type { WidgetProps } from '@shared/widget';

let seq = 0;
function lineFor(dish: Dish) {
  const price = dish.prices[0];
  return {
    kind: 'dish' as const,
    lineId: `l${Date.now().toString(36)}${(seq++).toString(36)}`,
    dishId: dish.id,
    sizeId: price?.sizeId ?? null,
    memberName: null,
    amount: 1,
    price: price?.price ?? 0,
    priceNonDiscounted: price?.price ?? 0,
    promotion: null,
    without: [],
    tags: [],
    slotId: null,
    extras: [],
  };
}

export function MenuWidget(_props: WidgetProps) {
  const boot = useStore($bootstrap);
  if (boot.status !== 'ready' || !boot.data) {
    return <p role="status">Speisekarte wird geladen …</p>;
  }
  const { catalog } = boot.data;
  const dishes = new Map(catalog.dishes.map((d) => [d.id, d]));
  return (
    <div className="menu" id="menu-start">
      {catalog.categories.map((cat) => (
        <section key={cat.id} className="menu-category" id={`shop_category_${cat.id}`} aria-labelledby={`cat-${cat.id}`}>
          <h2 id={`cat-${cat.id}`}>{cat.name}</h2>
          <ul className="menu-dishes">
            {cat.dishes
              .map((id) => dishes.get(id))
              .filter((d): d is Dish => !!d)
              .map((dish) => (
                <li key={dish.id} className="menu-dish" data-dish-id={dish.id}>
                  <div>
                    <h3>{dish.name}</h3>
                    {dish.description && <p>{dish.description}</p>}
                  </div>
                  <div>
                    <span className="price">{formatEuro(dish.prices[0]?.price ?? 0)}</span>{' '}
                    <button type="button" onClick={() => addToCart(lineFor(dish))} aria-label={`${dish.name} in den Warenkorb`}>
                      +
                    </button>
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
