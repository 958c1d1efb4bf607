// Proves the theme's text colours reach WCAG AA (4.5:1) on every background they are drawn on,
// so no screen can be unreadable by token alone; tests/e2e/layout-a11y.test.ts then measures the
// live screens in Chromium.
import { describe, expect, it } from 'vitest';
import { palette } from './theme.css.ts';

type Colour = keyof typeof palette;

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** Each text colour with the backgrounds it appears on (chips and badges use the soft tints). */
const pairs: [Colour, Colour[]][] = [
  ['text', ['surface', 'background', 'accentSoft', 'upSoft', 'downSoft', 'warningSurface']],
  ['textMuted', ['surface', 'background', 'accentSoft', 'upSoft', 'downSoft']],
  ['textFaint', ['surface', 'background', 'accentSoft']],
  ['up', ['surface', 'background', 'upSoft']],
  ['down', ['surface', 'background', 'downSoft']],
  ['accent', ['surface', 'background', 'accentSoft']],
  ['onAccent', ['accent', 'accentPressed', 'up', 'down']],
  ['warningText', ['warningSurface', 'surface']],
];

describe('theme contrast', () => {
  it('the-contrast-formula-gives-21-for-black-on-white-and-1-for-a-colour-on-itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5d6473', '#5d6473')).toBe(1);
  });

  it.each(pairs)('%s-reaches-4.5-to-1-on-each-background-it-is-drawn-on', (text, backgrounds) => {
    for (const background of backgrounds) {
      expect(contrastRatio(palette[text], palette[background]), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
