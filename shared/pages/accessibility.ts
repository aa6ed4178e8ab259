// The accessibility statement (Erklärung zur Barrierefreiheit) the BFSG asks of an online shop
// (BFSG with Anlage 3): how the shop meets the requirements, its conformance status, the known
// limitations, how to report a barrier (the shop's contact) and the market surveillance authority.
// Texts our own; the page is /barrierefreiheit (shell/pages/Accessibility.tsx).
import type { ShopConfig } from '@shared/domain';

export interface StatementSection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface AccessibilityStatement {
  title: string;
  intro: string;
  sections: StatementSection[];
  /** the feedback section: its text, then the shop's contact (rendered as links) */
  contact: { heading: string; text: string; email: string | null; phone: string; address: string[]; answer: string };
  authority: StatementSection;
  date: string;
}

/** The date the statement was written and last reviewed. */
export const STATEMENT_DATE = '26. November 2026';

export const MARKET_SURVEILLANCE =
  'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)';

type Config = Pick<ShopConfig, 'restaurantName' | 'restaurantStreet' | 'restaurantZip' | 'restaurantCity' | 'phone'> & { contactEmail?: string | null };

export function accessibilityStatement(c: Config): AccessibilityStatement {
  return {
    title: 'Erklärung zur Barrierefreiheit',
    intro: `${c.restaurantName} möchte, dass alle Menschen hier bestellen können. Diese Erklärung gilt für diesen Bestell-Shop und die Bestell-Elemente auf unserer Website (Speisekarte, Warenkorb, Kasse). Sie beschreibt, wie der Shop die Anforderungen des Barrierefreiheitsstärkungsgesetzes (BFSG) erfüllt.`,
    sections: [
      {
        id: 'stand',
        heading: 'Stand der Vereinbarkeit',
        paragraphs: [
          'Der Shop ist mit den Anforderungen der europäischen Norm EN 301 549 und der Web Content Accessibility Guidelines (WCAG) 2.1 auf Stufe AA teilweise vereinbar. Die Einschränkungen stehen unten.',
        ],
      },
      {
        id: 'umsetzung',
        heading: 'So ist der Shop zugänglich',
        paragraphs: ['Wir achten beim Bau und bei jeder Änderung des Shops auf Folgendes und prüfen die Seiten auch automatisch (axe):'],
        items: [
          'Alles lässt sich mit der Tastatur bedienen; Dialoge behalten den Fokus und schließen mit der Escape-Taste.',
          'Jedes Eingabefeld hat eine sichtbare Beschriftung; Fehler stehen als Text direkt am Feld und werden vorgelesen.',
          'Schaltflächen und Links sind mindestens 44 × 44 Pixel groß.',
          'Die Seiten lassen sich vergrößern und funktionieren ab 360 Pixel Breite ohne seitliches Scrollen.',
          'Preise, Summen und der Bestellstatus stehen als Text auf der Seite, nicht nur als Farbe oder Bild.',
          'Vor dem Bestellen zeigt die Kasse alle Artikel, Pfand, Gebühren und den Gesamtpreis direkt über der Schaltfläche „Zahlungspflichtig bestellen“.',
        ],
      },
      {
        id: 'einschraenkungen',
        heading: 'Bekannte Einschränkungen',
        paragraphs: [],
        items: [
          'Die Karten (Liefergebiet, Anfahrt, Filialwahl) sind mit Screenreadern nur eingeschränkt nutzbar. Die Adresse kannst Du immer als Text eingeben; Liefergebiet, Liefergebühr und Mindestbestellwert stehen als Text da.',
          'Fotos von Gerichten haben keine ausführliche Bildbeschreibung. Name, Beschreibung, Zutaten und Allergene stehen als Text beim Gericht.',
          'Die Zahlungsseiten der Zahlungsanbieter (zum Beispiel PayPal oder Kreditkarte) betreiben die Anbieter selbst; auf deren Barrierefreiheit haben wir keinen Einfluss.',
        ],
      },
    ],
    contact: {
      heading: 'Barrieren melden und Kontakt',
      text: 'Ist Dir eine Barriere aufgefallen, oder brauchst Du Inhalte in einer anderen Form? Dann melde Dich bei uns:',
      email: c.contactEmail ?? null,
      phone: c.phone,
      address: [c.restaurantName, c.restaurantStreet, `${c.restaurantZip} ${c.restaurantCity}`],
      answer: 'Wir antworten innerhalb von zwei Wochen.',
    },
    authority: {
      id: 'marktueberwachung',
      heading: 'Zuständige Marktüberwachungsbehörde',
      paragraphs: [
        'Wenn Du meinst, dass dieser Shop die Anforderungen an die Barrierefreiheit nicht erfüllt, und wir Dein Anliegen nicht lösen, kannst Du Dich an die zuständige Behörde wenden:',
        MARKET_SURVEILLANCE,
      ],
    },
    date: `Stand dieser Erklärung: ${STATEMENT_DATE}.`,
  };
}
