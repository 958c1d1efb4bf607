import { style, styleVariants } from '@vanilla-extract/css';
import { pageEdgeInset, vars } from '../../ui/theme.css.ts';

// Styles of the trading screens: the order sheet, its confirmation, order rows and the
// summary cards. Figures use tabular digits so columns of money line up.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg, paddingBottom: '96px' });
export const listPage = style({ display: 'flex', flexDirection: 'column' });
export const card = style({ background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const instrumentHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.md });
export const instrumentName = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const lastPrice = style({ ...numeric, fontSize: vars.fontSize.headline, fontWeight: 700 });

export const segmented = style({ display: 'flex', background: vars.color.background, borderRadius: vars.radius.small, padding: '3px', gap: '3px' });
const segmentBase = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.textMuted,
  cursor: 'pointer',
});
export const segment = styleVariants({
  off: [segmentBase],
  on: [segmentBase, { background: vars.color.surface, color: vars.color.accent, boxShadow: vars.shadow.card }],
  long: [segmentBase, { background: vars.color.up, color: vars.color.onAccent }],
  short: [segmentBase, { background: vars.color.down, color: vars.color.onAccent }],
});

export const fieldLabel = style({ fontSize: vars.fontSize.caption, color: vars.color.textMuted, fontWeight: 500 });
export const fieldError = style({ color: vars.color.down, fontSize: vars.fontSize.small, margin: 0 });
export const stepper = style({ display: 'flex', alignItems: 'stretch', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, overflow: 'hidden' });
export const stepButton = style({
  width: '52px',
  minHeight: vars.size.touchTarget,
  border: 'none',
  background: vars.color.background,
  color: vars.color.text,
  display: 'grid',
  placeItems: 'center',
  cursor: 'pointer',
  touchAction: 'manipulation',
  userSelect: 'none',
  WebkitUserSelect: 'none',
});
export const stepInput = style({ ...numeric, flex: 1, minWidth: 0, border: 'none', textAlign: 'center', font: 'inherit', fontSize: vars.fontSize.body, fontWeight: 600 });

export const figures = style({ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: vars.space.xs, columnGap: vars.space.md, margin: 0 });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const figureValue = style({ ...numeric, margin: 0, textAlign: 'right', fontSize: vars.fontSize.caption, fontWeight: 500 });
export const figureTotal = style({ fontWeight: 700, fontSize: vars.fontSize.body });

export const amountText = styleVariants({
  up: { ...numeric, color: vars.color.up, fontWeight: 600 },
  down: { ...numeric, color: vars.color.down, fontWeight: 600 },
  flat: { ...numeric, color: vars.color.textMuted, fontWeight: 600 },
});

export const submitBar = style({
  position: 'fixed',
  left: pageEdgeInset,
  right: pageEdgeInset,
  bottom: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});

export const sheetBackdrop = style({ position: 'fixed', inset: 0, background: 'rgba(20, 23, 31, 0.45)', display: 'flex', alignItems: 'flex-end', justifyContent: 'center', zIndex: 40 });
export const sheet = style({
  width: '100%',
  maxWidth: vars.size.pageWidthMax,
  background: vars.color.surface,
  borderRadius: `${vars.radius.large} ${vars.radius.large} 0 0`,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const sheetTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });
export const sheetActions = style({ display: 'flex', gap: vars.space.sm });

export const orderRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.lg}`, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const rowTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md, minHeight: vars.size.touchTarget, color: vars.color.text, textDecoration: 'none' });
export const rowMeta = style({ ...numeric, display: 'flex', flexWrap: 'wrap', gap: `2px ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const rowActions = style({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: vars.space.sm });
export const sideTag = styleVariants({
  long: { color: vars.color.up, fontWeight: 600, fontSize: vars.fontSize.small },
  short: { color: vars.color.down, fontWeight: 600, fontSize: vars.fontSize.small },
});

export const summaryGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm, textAlign: 'center' });
export const summaryValue = style({ ...numeric, fontSize: vars.fontSize.title, fontWeight: 700 });
export const entryLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '52px',
  padding: `0 ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: 'none',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The "Intraday" tag on an order: squared off at the square-off time, so it reads apart from delivery positions. */
export const productBadge = style({
  display: 'inline-block',
  padding: '0 6px',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.accent}`,
  color: vars.color.accent,
  fontSize: vars.fontSize.small,
  fontWeight: 600,
  lineHeight: '18px',
});
export const searchHit = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
});
export const searchInput = style({
  minHeight: vars.size.touchTarget,
  width: '100%',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  padding: `0 ${vars.space.md}`,
  font: 'inherit',
  background: vars.color.surface,
  color: vars.color.text,
});
