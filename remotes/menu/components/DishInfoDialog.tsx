// Dish info: title with tags, nutrition, main ingredients, additives and
// allergens, main components, allergens of extras, the liability note. BESTELLEN and OK both open
// the customise dialog.
import type { Catalog, Dish, NutrientInformation } from '@shared/domain';
import { dishDeclarations, effectiveTags, extraAllergens, liabilityNoteKind } from '@shared/rules';
import { Button } from '@shared/ui';
import { Dialog } from '@shared/dialog';
import { formatDecimal } from '@shared/i18n';
import {
  BTN_OK, BTN_ORDER, INFO_ADDITIVES, INFO_ALLERGENS, INFO_DECLARATIONS, INFO_EXTRA_ALLERGENS, INFO_MAIN_COMPONENTS,
  INFO_MAIN_INGREDIENTS, INFO_NUTRITION, LIABILITY_PACKAGING, LIABILITY_TRACES, NUTRIENT_LABELS,
} from './texts';
import { TagList } from './common';

const num = (n: number, unit: string) => `${formatDecimal(n, 1)} ${unit}`;

function NutritionTable({ name, n }: { name: string; n: NutrientInformation }) {
  const rows: [string, string][] = [
    [NUTRIENT_LABELS.energy, `${num(n.energyKj, 'kJ')} / ${num(n.energyKcal, 'kcal')}`],
    [NUTRIENT_LABELS.fat, num(n.fat, 'g')],
    [NUTRIENT_LABELS.saturatedFat, num(n.saturatedFat, 'g')],
    [NUTRIENT_LABELS.carbohydrates, num(n.carbohydrates, 'g')],
    [NUTRIENT_LABELS.sugar, num(n.sugar, 'g')],
    [NUTRIENT_LABELS.protein, num(n.protein, 'g')],
    [NUTRIENT_LABELS.salt, num(n.salt, 'g')],
  ];
  return (
    <table className="info-table">
      <caption>{name}</caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function DishInfoDialog({ catalog, dish, hiddenTags, onClose, onOrder }: { catalog: Catalog; dish: Dish; hiddenTags: readonly string[]; onClose(): void; onOrder(): void }) {
  const ingredients = new Map(catalog.ingredients.map((i) => [i.id, i]));
  const main = dish.primaryIngredients.map((id) => ingredients.get(id)).filter((i) => !!i);
  const nutrition = main.filter((i) => i.nutrientInformation);
  const decl = dishDeclarations(catalog, dish);
  const extras = extraAllergens(catalog, dish);
  const components = dish.primarySubDishes;
  const note = liabilityNoteKind(catalog, dish) === 'packaging' ? LIABILITY_PACKAGING : LIABILITY_TRACES;
  return (
    <Dialog
      open
      className="menu-dialog menu-dialog--info"
      onClose={onClose}
      header={
        <>
          {dish.name} <TagList tags={effectiveTags(dish, hiddenTags)} className="menu-tags menu-tags--title" />
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={onOrder}>
            {BTN_ORDER}
          </Button>
          <Button onClick={onOrder}>{BTN_OK}</Button>
        </>
      }
    >
      {nutrition.length > 0 && (
        <section className="info-section">
          <h3>{INFO_NUTRITION}</h3>
          {nutrition.map((i) => (
            <NutritionTable key={i.id} name={i.name} n={i.nutrientInformation!} />
          ))}
        </section>
      )}
      {main.length > 0 && (
        <section className="info-section">
          <h3>{INFO_MAIN_INGREDIENTS}</h3>
          <p>{main.map((i) => i.name).join(', ')}</p>
        </section>
      )}
      {(decl.additives.length > 0 || decl.allergens.length > 0) && (
        <section className="info-section">
          <h3>{INFO_DECLARATIONS}</h3>
          {decl.additives.length > 0 && (
            <p>
              <strong>{INFO_ADDITIVES}:</strong> {decl.additives.map((d) => `${d.code} ${d.name}`).join(', ')}
            </p>
          )}
          {decl.allergens.length > 0 && (
            <p>
              <strong>{INFO_ALLERGENS}:</strong> {decl.allergens.map((d) => `${d.code} ${d.name}`).join(', ')}
            </p>
          )}
        </section>
      )}
      {components.length > 0 && (
        <section className="info-section">
          <h3>{INFO_MAIN_COMPONENTS}</h3>
          <ul>
            {components.map((c) => (
              <li key={c.id}>
                {c.name}
                {c.primaryIngredients.length > 0 && `: ${c.primaryIngredients.map((id) => ingredients.get(id)?.name ?? id).join(', ')}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {extras.length > 0 && (
        <section className="info-section">
          <h3>{INFO_EXTRA_ALLERGENS}</h3>
          <ul>
            {extras.map((e) => (
              <li key={e.name}>
                {e.name}: {e.allergens.map((d) => `${d.code} ${d.name}`).join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="info-liability" data-liability={note === LIABILITY_PACKAGING ? 'packaging' : 'traces'}>
        {note}
      </p>
    </Dialog>
  );
}
