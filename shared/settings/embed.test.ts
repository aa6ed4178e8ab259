import { describe, expect, it } from '@jest/globals';
import { embedSnippet, originOfPage, originProblem, originsProblems, seenText } from './embed';

describe('Einbinden: snippets and the shop’s origins', () => {
  it('writes the script tag and the element, the attribute values escaped', () => {
    expect(embedSnippet('https://shop.example', 'demo', 'cart')).toBe(
      '<script src="https://shop.example/embed.js" data-shop="demo" async></script>\n<tischlein-cart data-variant="button"></tischlein-cart>',
    );
    expect(embedSnippet('https://shop.example', 'a"b', 'menu')).toContain('data-shop="a&quot;b"');
  });

  it('takes https only in production, http too while testing; no path', () => {
    expect(originProblem('http://localhost:8080', false)).toBeNull();
    expect(originProblem('http://www.pizza.example', true)).toBe('Bitte eine sichere Adresse mit https:// angeben.');
    expect(originProblem('https://www.pizza.example', true)).toBeNull();
    expect(originProblem('https://www.pizza.example/', true)).toBe('Bitte nur die Adresse der Website ohne Pfad angeben: https://www.pizza.example');
    expect(originProblem('javascript:alert(1)', false)).toBe('Bitte eine Adresse mit https:// (beim Testen auch http://) angeben.');
    expect(originsProblems(Array.from({ length: 21 }, (_, i) => `https://s${i}.example`), true).allowedOrigins).toBe('Höchstens 20 Adressen.');
  });

  it('finds the origin of a pasted page address', () => {
    expect(originOfPage(' https://www.pizza.example/karte?a=1#x ')).toBe('https://www.pizza.example');
    expect(originOfPage('www.pizza.example')).toBeNull();
    expect(originOfPage('data:text/html,hi')).toBeNull();
  });
});

describe('Einbinden: the check’s answer', () => {
  it('names the time in shop time, the date when not today', () => {
    const now = new Date('2026-11-26T20:00:00Z');
    expect(seenText('https://www.pizza.example', '2026-11-26T18:42:10Z', now)).toBe('Zuletzt geladen auf https://www.pizza.example um 19:42');
    expect(seenText('https://www.pizza.example', '2026-11-24T08:05:00Z', now)).toBe('Zuletzt geladen auf https://www.pizza.example am 24.11.2026 um 09:05');
    expect(seenText('https://www.pizza.example', null, now)).toBe(
      'Noch nicht gesehen auf https://www.pizza.example. Bitte die Seite mit dem eingefügten Code einmal öffnen und dann erneut prüfen.',
    );
  });
});
