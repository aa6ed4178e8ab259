// The tags' German names, as the menu shows them beside a dish (and the menu editor offers them).
export const TAG_NAMES: Readonly<Record<string, string>> = {
  fish: 'Fisch', chicken: 'Hähnchen', pork: 'Schwein', beef: 'Rind', nut: 'Nüsse', vegetarian: 'Vegetarisch',
  vegan: 'Vegan', halal: 'Halal', lamb: 'Lamm', piquant: 'Scharf', alcohol16: 'Ab 16', alcohol18: 'Ab 18',
  cheese: 'Käse', rice: 'Reis', potato: 'Kartoffel', game: 'Wild', noodles: 'Nudeln', bread: 'Brot',
  'low-carb': 'Low Carb', 'not-piquant': 'Nicht scharf', 'not-alcohol': 'Alkoholfrei',
};
