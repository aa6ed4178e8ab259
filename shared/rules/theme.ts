// The shop's colours (config `theme`, docs/data-format.md): CSS custom properties the widgets and
// the shell read. Only `--tl-…` names pass, and only plain values (colours, lengths, font lists):
// the data never brings a rule, a url() or anything but the value of one property.

const NAME = /^--tl-[a-z0-9-]{1,40}$/;
// letters, digits, space, # . , % ( ) - + / and quotes for font names; no url(), no ; { } < > \ @
const VALUE = /^[\w\s#.,%()+\-/'"]{1,120}$/;

/** The theme's usable entries, in the data's order: [name, value] with the value trimmed. */
export function themeEntries(theme: Record<string, string> | null | undefined): [string, string][] {
  if (!theme || typeof theme !== 'object') return [];
  const out: [string, string][] = [];
  for (const name of Object.keys(theme)) {
    const raw = theme[name];
    if (typeof raw !== 'string' || !NAME.test(name)) continue;
    const value = raw.trim();
    if (!VALUE.test(value) || /url\s*\(|expression\s*\(/i.test(value)) continue;
    out.push([name, value]);
  }
  return out;
}
