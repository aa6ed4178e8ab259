// The one HTML escaper of HTML built as strings (the server's pages and mails, the menu's server
// render): hono's own (hono/html's template tag uses it), for element text or a quoted attribute.
import { escapeToBuffer } from 'hono/utils/html';

export function escapeHtml(value: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(value, buffer);
  return buffer[0];
}
