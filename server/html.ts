// Server-rendered HTML (the demo's payment page and outbox, the table QR sheet, the login pages, the
// mails' HTML part): hono/html's html`` escapes every value put into it, so no value can be
// forgotten; raw() only for markup we made ourselves (an inner html`` needs none).
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export { html, raw };

/** The finished text of an html`` template (ours hold no promises). */
export function htmlText(t: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (t instanceof Promise) throw new Error('an html template with a promise in it');
  return t.toString();
}
