// The shop's look (staff app 'Aussehen'): colours as #RRGGBB and the WCAG 2 contrast of the text on
// the primary colour (buttons such as 'ZUR KASSE'). Pure: the staff app warns with it while the
// owner chooses, the server refuses a save with it (server/shops/look.ts).

/** WCAG 2.x AA for normal text */
export const MIN_TEXT_CONTRAST = 4.5;
/** the text colour on the primary colour when the theme names none (shared/ui/Button.tsx's default) */
export const DEFAULT_ON_PRIMARY = '#ffffff';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#1D4ED8' / '#abc' → '#1d4ed8' / '#aabbcc'; anything else: null */
export function normalHex(value: string): string | null {
  const s = value.trim();
  if (!HEX.test(s)) return null;
  const h = s.slice(1).toLowerCase();
  return `#${h.length === 3 ? [...h].map((c) => c + c).join('') : h}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance (0 = black … 1 = white) of a hex colour */
export function relativeLuminance(hex: string): number {
  const n = normalHex(hex);
  if (!n) throw new Error(`not a hex colour: ${hex}`);
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(n.slice(i, i + 2), 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours (1 … 21) */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** '4,48 : 1' — rounded down, so a refused value never reads as 4,50 */
export function ratioText(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2).replace('.', ',')} : 1`;
}

export const LOOK_TEXTS = {
  colourInvalid: 'Bitte eine Farbe als #RRGGBB angeben, z. B. #1d4ed8.',
  tooLittleContrast: (ratio: number) =>
    `Die Schrift auf der Hauptfarbe ist so schwer lesbar (Kontrast ${ratioText(ratio)}, nötig sind mindestens 4,5 : 1). Bitte eine dunklere oder kräftigere Farbe wählen.`,
  imageInvalid: 'Bild-Kennung: nur Buchstaben, Ziffern, Punkt, _ und - (höchstens 128 Zeichen).',
  contrastOk: (ratio: number) => `Kontrast der Schrift auf der Hauptfarbe: ${ratioText(ratio)} — gut lesbar.`,
};

/** The problem of a primary colour with text in `onPrimary` on it, or null when it is readable */
export function primaryColourProblem(primary: string, onPrimary: string = DEFAULT_ON_PRIMARY): string | null {
  const p = normalHex(primary);
  if (!p) return LOOK_TEXTS.colourInvalid;
  const ratio = contrastRatio(p, normalHex(onPrimary) ?? DEFAULT_ON_PRIMARY);
  return ratio < MIN_TEXT_CONTRAST ? LOOK_TEXTS.tooLittleContrast(ratio) : null;
}

export const IMAGE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** What the owner edits in 'Aussehen'; images are ids of the media pipeline (/media/{shopId}/{id}/…), null = none */
export interface ShopLook {
  primary: string;
  accent: string;
  logo: string | null;
  header: string | null;
}

/** Every problem of a look, by field (empty: it may be saved) */
export function lookProblems(look: ShopLook, onPrimary: string = DEFAULT_ON_PRIMARY): Partial<Record<keyof ShopLook, string>> {
  const out: Partial<Record<keyof ShopLook, string>> = {};
  const primary = primaryColourProblem(look.primary, onPrimary);
  if (primary) out.primary = primary;
  if (!normalHex(look.accent)) out.accent = LOOK_TEXTS.colourInvalid;
  for (const k of ['logo', 'header'] as const) {
    const id = look[k];
    if (id !== null && !IMAGE_ID.test(id)) out[k] = LOOK_TEXTS.imageInvalid;
  }
  return out;
}

/** Black or white, whichever reads better on `background` (the preview's accent badge) */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const bg = normalHex(background) ?? '#ffffff';
  return contrastRatio(bg, '#000000') >= contrastRatio(bg, '#ffffff') ? '#000000' : '#ffffff';
}
