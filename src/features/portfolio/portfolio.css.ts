import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The portfolio's figures, chart, calendar and holdings. Amounts in tabular digits that wrap
// rather than being cut; every button at least 44 px; text in the theme's text colours
// (muted #5d6473 on white is 6.0:1).

const numeric = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

export const figures = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: `${vars.space.sm} ${vars.space.md}`, margin: 0, padding: `${vars.space.md} 0 0`, borderTop: `1px solid ${vars.color.border}` });
export const figure = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const figureLabel = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const figureValue = style({ ...numeric, margin: 0, fontSize: vars.fontSize.caption, fontWeight: 600 });
export const tone = styleVariants({
  up: { ...numeric, margin: 0, color: vars.color.up, fontWeight: 600 },
  down: { ...numeric, margin: 0, color: vars.color.down, fontWeight: 600 },
  flat: { ...numeric, margin: 0, color: vars.color.text, fontWeight: 600 },
});

export const card = style({ background: vars.color.surface, borderRadius: vars.radius.large, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const cardHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });
export const note = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.warningText, background: vars.color.warningSurface, borderRadius: vars.radius.small, padding: `${vars.space.xs} ${vars.space.sm}` });
export const muted = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted });

export const rangeBar = style({ display: 'flex', gap: vars.space.xs, background: vars.color.background, borderRadius: vars.radius.small, padding: '2px' });
export const rangeButton = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontSize: vars.fontSize.caption,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.surface, color: vars.color.accent, boxShadow: vars.shadow.card } },
});
export const chartBox = style({ position: 'relative', height: '200px' });
export const chartState = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', flexDirection: 'column', gap: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.caption, textAlign: 'center' });

export const calendarHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const monthButton = style({
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.small,
  background: vars.color.background,
  color: vars.color.text,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.textFaint, cursor: 'default' } },
});
export const monthTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600, textAlign: 'center', flex: 1 });
export const monthTotal = style({ ...numeric, margin: 0, fontSize: vars.fontSize.caption, textAlign: 'center' });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '3px' });
export const weekday = style({ textAlign: 'center', fontSize: vars.fontSize.small, color: vars.color.textMuted, padding: `${vars.space.xs} 0` });
export const dayCell = styleVariants({
  up: { background: vars.color.upSoft, color: vars.color.up },
  down: { background: vars.color.downSoft, color: vars.color.down },
  flat: { background: vars.color.background, color: vars.color.textMuted },
  none: { background: 'transparent', color: vars.color.textMuted },
});
export const day = style({ ...numeric, overflowWrap: 'normal', whiteSpace: 'nowrap', minHeight: '48px', borderRadius: vars.radius.small, padding: '3px 2px', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'space-between', fontSize: '11px', lineHeight: 1.2, overflow: 'hidden' });
export const dayNumber = style({ fontSize: vars.fontSize.small, fontWeight: 600, color: vars.color.text });
export const today = style({ outline: `2px solid ${vars.color.accent}`, outlineOffset: '-2px' });
export const simulatedMark = style({ fontSize: '10px', color: vars.color.textMuted });

export const sortBar = style({ display: 'flex', gap: vars.space.xs, overflowX: 'auto', padding: `${vars.space.sm} ${vars.space.lg}`, scrollbarWidth: 'none' });
export const sortButton = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.caption,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600 } },
});
export const holdingRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.lg}`, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}`, color: vars.color.text, textDecoration: 'none', minHeight: vars.size.touchTarget });
export const holdingTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md });
export const holdingPnl = style({ whiteSpace: 'nowrap', textAlign: 'right' });
export const holdingName = style({ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const holdingGrid = style({ ...numeric, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: `2px ${vars.space.md}`, fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const right = style({ textAlign: 'right' });
