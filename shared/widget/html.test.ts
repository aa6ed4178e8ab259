import { describe, expect, it } from '@jest/globals';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>Käse & Brot</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Käse &amp; Brot&lt;/a&gt;');
    expect(escapeHtml('Pizzeria Da Mario')).toBe('Pizzeria Da Mario');
    expect(escapeHtml('')).toBe('');
  });
});
