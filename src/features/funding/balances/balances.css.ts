import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

// Balances in other currencies and the note under a rupee total. Amounts use tabular digits
// and wrap rather than being cut, so a crore of rupees or a billion won always fits a phone.

const numeric = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', borderTop: `1px solid ${vars.color.border}` });
export const line = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"currency cash" "detail detail"',
  columnGap: vars.space.md,
  rowGap: '2px',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const currency = style({ gridArea: 'currency', display: 'flex', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0 });
export const code = style({ fontWeight: 700, fontSize: vars.fontSize.caption });
export const name = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const cash = style({ ...numeric, gridArea: 'cash', fontWeight: 600, textAlign: 'right' });
export const detail = style({ ...numeric, gridArea: 'detail', color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.small, display: 'flex', flexDirection: 'column', gap: '2px' });
export const rates = style({ ...numeric, listStyle: 'none', margin: 0, padding: 0 });
export const retry = style({ background: 'none', border: 'none', padding: 0, color: vars.color.accent, fontWeight: 600, cursor: 'pointer', minHeight: vars.size.touchTarget });
