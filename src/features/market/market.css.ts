import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { scrollFade } from '../../ui/ui.css.ts';

// Page-level styles of the market screens: tab bars, chips, sections and stat grids.

export const page = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const tabs = style([
  scrollFade,
  {
    display: 'flex',
    gap: vars.space.xs,
    padding: `0 ${vars.space.sm}`,
    background: vars.color.surface,
    overflowX: 'auto',
    scrollbarWidth: 'none',
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);
export const tab = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderBottom: '2px solid transparent',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  fontWeight: 500,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { color: vars.color.accent, borderBottomColor: vars.color.accent, fontWeight: 600 } },
});

export const chips = style([scrollFade, { display: 'flex', gap: vars.space.sm, padding: `${vars.space.xs} ${vars.space.lg}`, overflowX: 'auto', scrollbarWidth: 'none' }]);
export const chipButton = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  fontWeight: 500,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"], &[aria-selected="true"]': { background: vars.color.accentSoft, color: vars.color.accent, borderColor: vars.color.accentSoft, fontWeight: 600 },
  },
});

export const panelTop = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: `${vars.space.md} ${vars.space.lg} 0` });

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: `${vars.space.md} ${vars.space.lg} 0`,
  padding: vars.space.lg,
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const sectionText = style({ margin: 0, fontSize: vars.fontSize.caption, color: vars.color.textMuted });

/** One figure per line on a phone (labels and values in two columns do not fit 390 px); two per line from 520 px. */
export const statGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  '@media': { '(min-width: 520px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const stat = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, minWidth: 0, fontSize: vars.fontSize.caption });
export const statLabel = style({ color: vars.color.textMuted, margin: 0 });
export const statValue = style({ margin: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums', textAlign: 'right', overflowWrap: 'anywhere' });

/** A horizontal bar split into advancers / unchanged / decliners. */
export const breadthBar = style({ display: 'flex', height: '10px', borderRadius: vars.radius.pill, overflow: 'hidden', background: vars.color.background });
export const breadthUp = style({ background: vars.color.up });
export const breadthFlat = style({ background: vars.color.textFaint });
export const breadthDown = style({ background: vars.color.down });
export const breadthLegend = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.small, fontVariantNumeric: 'tabular-nums' });

export const tableRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '56px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.caption,
  color: vars.color.text,
});
export const cellRight = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const cellMuted = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
// A link inside a table cell (a sector's leader): a 44 px tap target.
globalStyle(`${cellStack} > a`, { display: 'flex', alignItems: 'center', minHeight: vars.size.touchTarget });
export const cellTitle = style({ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const breadthLegendUp = style({ color: vars.color.up, fontWeight: 600 });
export const breadthLegendDown = style({ color: vars.color.down, fontWeight: 600 });
