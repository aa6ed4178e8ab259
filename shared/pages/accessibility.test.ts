import { describe, expect, it } from '@jest/globals';
import { accessibilityStatement } from './accessibility';

const shop = { restaurantName: 'Trattoria Tischlein', restaurantStreet: 'Gottschedstraße 12', restaurantZip: '04109', restaurantCity: 'Leipzig', phone: '0341 1234567' };

describe('accessibility statement (BFSG)', () => {
  it('names the conformance status, the limitations, the shop’s contact and the MLBF', () => {
    const st = accessibilityStatement({ ...shop, contactEmail: 'hallo@trattoria-tischlein.example' });
    expect(st.title).toBe('Erklärung zur Barrierefreiheit');
    expect(st.intro).toMatch(/^Trattoria Tischlein möchte, dass alle Menschen hier bestellen können\./);
    expect(st.sections.map((s) => s.heading)).toEqual(['Stand der Vereinbarkeit', 'So ist der Shop zugänglich', 'Bekannte Einschränkungen']);
    expect(st.sections[0].paragraphs[0]).toContain('WCAG) 2.1 auf Stufe AA teilweise vereinbar');
    expect(st.contact).toMatchObject({ email: 'hallo@trattoria-tischlein.example', phone: '0341 1234567', address: ['Trattoria Tischlein', 'Gottschedstraße 12', '04109 Leipzig'] });
    expect(st.authority.paragraphs).toContain('Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)');
  });

  it('without a contact e-mail the phone and the postal address remain', () => {
    const st = accessibilityStatement(shop);
    expect(st.contact.email).toBeNull();
    expect(st.contact.phone).toBe('0341 1234567');
  });
});
