import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the primary-market screens (IPO, placement, block trade, records) add alike to the money screens'
// styles (funding.css.ts): a whole card as a link, the code beside a name, chips, pill links.

/** A card whose whole surface opens the item's page. */
export const cardLink = style({ color: 'inherit', textDecoration: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const code = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, fontWeight: 500 });
export const chipRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const demoLabel = style({ display: 'inline-flex', alignItems: 'center', padding: '2px 10px', borderRadius: vars.radius.pill, fontSize: '12px', fontWeight: 700, background: vars.color.accentSoft, color: vars.color.accent });
export const pillLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
/** A page or file link with a full touch target. */
export const pillLink = style({
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
export const rowActions = style({ display: 'flex', justifyContent: 'flex-end' });
