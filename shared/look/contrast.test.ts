// The contrast rule of 'Aussehen': expected ratios are the published WCAG values (WebAIM's checker),
// written out by hand.
import { describe, expect, it } from '@jest/globals';
import { contrastRatio, lookProblems, normalHex, primaryColourProblem, ratioText, readableTextOn } from './contrast';

describe('contrast', () => {
  it('computes the WCAG contrast ratio of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1d4ed8', '#ffffff')).toBeCloseTo(6.7, 1);
    expect(contrastRatio('#ffffff', '#b1361e')).toBeCloseTo(6.15, 1); // the demo's red, worked out by hand: (1.05) / (0.1211 + 0.05)
    expect(contrastRatio('#fff', '#ff0')).toBeCloseTo(1.07, 2);
  });

  it('reads #rgb and #rrggbb in any case, nothing else', () => {
    expect(normalHex('#ABC')).toBe('#aabbcc');
    expect(normalHex(' #1D4ED8 ')).toBe('#1d4ed8');
    expect(normalHex('1d4ed8')).toBeNull();
    expect(normalHex('#1d4ed')).toBeNull();
    expect(normalHex('blue')).toBeNull();
    expect(normalHex('#12345g')).toBeNull();
  });

  it('refuses a primary colour under 4.5 : 1 with white text, in German with the ratio rounded down', () => {
    expect(primaryColourProblem('#767676')).toBeNull();
    expect(primaryColourProblem('#1d4ed8')).toBeNull();
    expect(primaryColourProblem('#777777')).toBe(
      'Die Schrift auf der Hauptfarbe ist so schwer lesbar (Kontrast 4,47 : 1, nötig sind mindestens 4,5 : 1). Bitte eine dunklere oder kräftigere Farbe wählen.',
    );
    expect(primaryColourProblem('#ffff00')).toMatch(/^Die Schrift auf der Hauptfarbe ist so schwer lesbar \(Kontrast 1,07 : 1/);
    // dark text on yellow is readable
    expect(primaryColourProblem('#ffff00', '#000000')).toBeNull();
    expect(primaryColourProblem('blau')).toBe('Bitte eine Farbe als #RRGGBB angeben, z. B. #1d4ed8.');
    expect(ratioText(4.4999)).toBe('4,49 : 1');
  });

  it('names every bad field of a look', () => {
    expect(lookProblems({ primary: '#1d4ed8', accent: '#f59e0b', logo: 'logo-1.png', header: null })).toEqual({});
    expect(lookProblems({ primary: '#eeeeee', accent: 'gelb', logo: '../x', header: 'a b' })).toEqual({
      primary: expect.stringMatching(/^Die Schrift auf der Hauptfarbe/),
      accent: 'Bitte eine Farbe als #RRGGBB angeben, z. B. #1d4ed8.',
      logo: 'Bild-Kennung: nur Buchstaben, Ziffern, Punkt, _ und - (höchstens 128 Zeichen).',
      header: 'Bild-Kennung: nur Buchstaben, Ziffern, Punkt, _ und - (höchstens 128 Zeichen).',
    });
  });

  it('picks black or white text for a badge on the accent colour', () => {
    expect(readableTextOn('#f59e0b')).toBe('#000000');
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#2e7d32')).toBe('#ffffff');
  });
});
