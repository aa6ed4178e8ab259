// The catalog as the data file and the menu editor's draft carry it (docs/data-format.md): the
// catalog entities of @shared/domain in their strict strength (unknown fields are errors, values
// range-checked). The import (server/data) and the editor check with this one schema.
import * as v from '@shared/domain/valibot';
import { catalogSchemas } from '@shared/domain/catalog';
import { strictKit } from '@shared/domain/kit';
import { isHHMM, isValidTimeZone } from '@shared/time/clock';

const kit = strictKit({ isHHMM, isTimeZone: isValidTimeZone });
const catalog = catalogSchemas(kit);
const id = catalog.Category.entries.id;

/** In the file a category may leave out its dish list: the dishes naming it, in file order. */
const Category = v.strictObject({ ...catalog.Category.entries, dishes: v.optional(v.array(id, 'expected a list of ids')) });
export const CatalogFileSchema = v.strictObject({ ...catalog.Catalog.entries, categories: v.array(Category, 'expected a list of categories') });

export type CatalogFile = v.InferOutput<typeof CatalogFileSchema>;
export type CatalogFileInput = v.InferInput<typeof CatalogFileSchema>;
