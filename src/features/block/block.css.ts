import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the block-trade desk adds to the money screens' styles (funding.css.ts): the card's
// link, the remaining-shares bar and the page's links (the lots stepper is src/ui/Stepper.tsx).

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const blockLink = style({ color: 'inherit', textDecoration: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const code = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, fontWeight: 500 });
export const remainingBar = style({ width: '100%', height: '8px', borderRadius: vars.radius.pill, overflow: 'hidden', background: vars.color.background });
export const remainingFill = style({ height: '100%', background: vars.color.accent });
export const countdown = style({ ...numeric, fontSize: vars.fontSize.small, color: vars.color.textMuted, margin: 0 });
export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const pageLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: 600,
  textDecoration: 'none',
});
