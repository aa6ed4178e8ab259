// The owner's 'Einbinden' (staff app): the snippet of each widget to paste into the restaurant's
// page (docs/embedding.md), and the restaurant's own origins (`allowedOrigins`). Pure: the staff app
// shows each problem at its field, the server refuses a save with the same rule (and then the
// import's schema checks the whole config).

/** The widgets a restaurant can paste, in the order the page shows them */
export const EMBED_WIDGETS = [
  { id: 'menu', label: 'Speisekarte', element: '<tischlein-menu></tischlein-menu>' },
  { id: 'cart', label: 'Warenkorb (Knopf)', element: '<tischlein-cart data-variant="button"></tischlein-cart>' },
  { id: 'cart-full', label: 'Warenkorb (ganz)', element: '<tischlein-cart data-variant="full"></tischlein-cart>' },
  { id: 'checkout', label: 'Kasse', element: '<tischlein-checkout></tischlein-checkout>' },
  { id: 'address', label: 'Lieferadresse', element: '<tischlein-address></tischlein-address>' },
  { id: 'account', label: 'Anmelden / Mein Konto', element: '<tischlein-account></tischlein-account>' },
  { id: 'group', label: 'Gruppenbestellung', element: '<tischlein-group></tischlein-group>' },
] as const;

export type EmbedWidgetId = (typeof EMBED_WIDGETS)[number]['id'];

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The one script tag of a shop (the server's public origin, never a request's Host) */
export function embedScript(publicOrigin: string, shopId: string): string {
  return `<script src="${attr(publicOrigin)}/embed.js" data-shop="${attr(shopId)}" async></script>`;
}

/** What to paste for one widget: the script tag and the element */
export function embedSnippet(publicOrigin: string, shopId: string, widget: EmbedWidgetId): string {
  const w = EMBED_WIDGETS.find((x) => x.id === widget);
  if (!w) throw new Error(`no widget '${widget}'`);
  return `${embedScript(publicOrigin, shopId)}\n${w.element}`;
}

export const EMBED_TEXTS = {
  notUrl: (s: string) => `„${s}“ ist keine Adresse. Bitte so angeben: https://www.mein-restaurant.de`,
  notHttps: 'Bitte eine sichere Adresse mit https:// angeben.',
  scheme: 'Bitte eine Adresse mit https:// (beim Testen auch http://) angeben.',
  path: (origin: string) => `Bitte nur die Adresse der Website ohne Pfad angeben: ${origin}`,
  twice: (origin: string) => `${origin} steht schon in der Liste.`,
  tooMany: 'Höchstens 20 Adressen.',
};

export const MAX_ORIGINS = 20;

/**
 * The origin of a typed page address ('https://www.x.de/speisekarte' → 'https://www.x.de') or
 * null when it is no http(s) URL. For the sighting check: any page of the site counts.
 */
export function originOfPage(s: string): string | null {
  try {
    const u = new URL(s.trim());
    return /^https?:$/.test(u.protocol) && u.hostname ? u.origin : null;
  } catch {
    return null;
  }
}

/** The problem of one entry of `allowedOrigins` (null: fine). `production`: https only. */
export function originProblem(s: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(s.trim());
  } catch {
    return EMBED_TEXTS.notUrl(s);
  }
  if (!/^https?:$/.test(u.protocol) || !u.hostname) return EMBED_TEXTS.scheme;
  if (production && u.protocol !== 'https:') return EMBED_TEXTS.notHttps;
  if (u.origin !== s.trim()) return EMBED_TEXTS.path(u.origin);
  return null;
}

/** Every problem of the list, by the field's path in the config ('allowedOrigins.2'); empty: it may be saved */
export function originsProblems(origins: readonly string[], production: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (origins.length > MAX_ORIGINS) out.allowedOrigins = EMBED_TEXTS.tooMany;
  const seen = new Set<string>();
  origins.forEach((o, i) => {
    const p = originProblem(o, production);
    if (p) out[`allowedOrigins.${i}`] = p;
    else if (seen.has(o.trim())) out[`allowedOrigins.${i}`] = EMBED_TEXTS.twice(o.trim());
    seen.add(o.trim());
  });
  return out;
}

/** The check's answer for a pasted page: when a widget last ran on its origin (shop time) */
export function seenText(origin: string, lastSeenAt: string | null, now: Date, timeZone = 'Europe/Berlin'): string {
  if (!lastSeenAt) return `Noch nicht gesehen auf ${origin}. Bitte die Seite mit dem eingefügten Code einmal öffnen und dann erneut prüfen.`;
  const at = new Date(lastSeenAt);
  const day = (d: Date) => new Intl.DateTimeFormat('de-DE', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  const time = new Intl.DateTimeFormat('de-DE', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return day(at) === day(now) ? `Zuletzt geladen auf ${origin} um ${time}` : `Zuletzt geladen auf ${origin} am ${day(at)} um ${time}`;
}
