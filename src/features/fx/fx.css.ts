import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The exchange screens, the capital transfer and the Forex tab. Figures use tabular digits and
// wrap rather than being cut, so a crore of rupees or a billion won fits a 390-pixel phone.

const numeric = { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' } as const;

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg });
export const card = style({ background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cardHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
// A card's own links ("Transfer between markets", "See all rates"): full 44 px tap targets.
globalStyle(`${cardHead} > a, ${card} > a`, { display: 'inline-flex', alignItems: 'center', minHeight: vars.size.touchTarget, minWidth: vars.size.touchTarget });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const error = style({ margin: 0, color: vars.color.down, fontSize: vars.fontSize.small });

export const balanceList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const balanceLine = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}` });
export const balanceLabel = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const code = style({ fontWeight: 700, fontSize: vars.fontSize.caption });
export const name = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const amount = style({ ...numeric, fontWeight: 600, textAlign: 'right' });

export const pairRow = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto 40px minmax(0, 1fr)', alignItems: 'end', gap: vars.space.sm });
export const select = style({
  minHeight: vars.size.touchTarget,
  width: '100%',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.body,
});
export const swap = style({ minHeight: vars.size.touchTarget, minWidth: vars.size.touchTarget, border: 'none', background: 'transparent', color: vars.color.accent, fontSize: '20px', cursor: 'pointer' });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const fieldLabel = style({ fontSize: vars.fontSize.caption, color: vars.color.textMuted, fontWeight: 500 });

export const figures = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', rowGap: vars.space.sm, columnGap: vars.space.md, margin: 0 });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const figureValue = style({ ...numeric, margin: 0, textAlign: 'right', fontSize: vars.fontSize.caption, fontWeight: 500 });
export const receive = style({ ...numeric, fontSize: vars.fontSize.title, fontWeight: 700, textAlign: 'right', margin: 0 });

const badgeBase = style({ display: 'inline-flex', alignItems: 'center', padding: '2px 8px', borderRadius: vars.radius.pill, fontSize: '11px', fontWeight: 600, whiteSpace: 'nowrap' });
export const badge = styleVariants({
  ecb: [badgeBase, { background: vars.color.accentSoft, color: vars.color.accent }],
  staff_setting: [badgeBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  simulated_intraday: [badgeBase, { background: vars.color.background, color: vars.color.textMuted }],
});
export const countdown = style({ ...numeric, fontWeight: 600, color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const countdownUrgent = style({ color: vars.color.down });
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const success = style({ margin: 0, padding: vars.space.md, borderRadius: vars.radius.small, background: vars.color.upSoft, color: vars.color.text, fontSize: vars.fontSize.caption });

export const forexRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: '"pair rate" "source change"',
  rowGap: '2px',
  columnGap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  textAlign: 'left',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.accentSoft } },
});
export const forexPair = style({ gridArea: 'pair', fontWeight: 600 });
export const forexRate = style({ ...numeric, gridArea: 'rate', fontWeight: 600, textAlign: 'right' });
export const forexSource = style({ gridArea: 'source', display: 'flex', gap: vars.space.sm, alignItems: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const forexChange = style({ ...numeric, gridArea: 'change', textAlign: 'right', fontSize: vars.fontSize.small });
export const chartBox = style({ position: 'relative', height: '220px' });
