// The one place the staff app's settings are checked against the import's schema (ShopConfigSchema,
// server/data/schema.ts): a changed config is stored only when the whole of it would import.
// Kept small so the schemas may move (to shared/) without touching the callers.
import * as v from 'valibot';
import { ShopConfigSchema } from '../data/schema';

export interface ConfigProblem {
  /** the field's path in the config, e.g. 'theme.--tl-primary' */
  path: string;
  message: string;
}

/** The problems of a whole stored config (with allowedOrigins / simulatedPayments): empty = valid */
export function configProblems(config: unknown): ConfigProblem[] {
  const r = v.safeParse(ShopConfigSchema, config);
  if (r.success) return [];
  return r.issues.map((i) => ({
    path: (i.path ?? []).map((p) => String(p.key)).join('.'),
    message: `Ungültiger Wert (${i.message}).`,
  }));
}
