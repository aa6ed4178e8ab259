// The storefront's texts of the shop's state (shared/ops): a pause, no staff device, sold out.
export const GUEST_OPS_TEXTS = {
  guestPausedTitle: 'Bestellungen pausiert',
  guestPaused: (hhmm: string) => `Das Restaurant nimmt gerade keine Bestellungen an – wieder ab ${hhmm} Uhr.`,
  guestPausedToday: 'Das Restaurant nimmt heute keine Bestellungen mehr an.',
  guestUnattended: 'Das Restaurant nimmt gerade keine Online-Bestellungen an. Bitte versuche es später noch einmal.',
  soldOut: 'Ausverkauft',
  soldOutLine: (name: string) => `${name} ist gerade ausverkauft.`,
} as const;
