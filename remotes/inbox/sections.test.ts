// The staff app's grouped navigation: the owner's sections under four headings in their order; the
// staff role sees only the day's work.
import { describe, expect, it } from '@jest/globals';
import { sectionOf, staffNavGroups, STAFF_SECTIONS } from './sections';

const shape = (role: 'owner' | 'staff') => staffNavGroups(role).map((g) => [g.label, g.sections.map((s) => s.label)]);

describe('staff navigation groups', () => {
  it('the owner: Tagesgeschäft, Speisekarte, Shop einrichten, Berichte — every section once', () => {
    expect(shape('owner')).toEqual([
      ['Tagesgeschäft', ['Bestellungen', 'Betrieb', 'Tische']],
      ['Speisekarte', ['Speisekarte']],
      ['Shop einrichten', ['Öffnungszeiten', 'Aussehen', 'Zahlung & Seiten', 'Drucker', 'Einbinden']],
      ['Berichte', ['Tagesbericht']],
    ]);
    expect(staffNavGroups('owner').flatMap((g) => g.sections)).toHaveLength(STAFF_SECTIONS.length);
  });

  it('the staff role: only Tagesgeschäft; an owner-only path is not theirs', () => {
    expect(shape('staff')).toEqual([['Tagesgeschäft', ['Bestellungen', 'Betrieb', 'Tische']]]);
    expect(sectionOf('oeffnungszeiten', 'staff')).toBeNull();
    expect(sectionOf('oeffnungszeiten', 'owner')?.label).toBe('Öffnungszeiten');
  });
});
