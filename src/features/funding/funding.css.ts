import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { pageEdgeInset, vars } from '../../ui/theme.css.ts';
import { scrollFade } from '../../ui/ui.css.ts';

// Styles of the money screens: cards, labelled figures, status badges, chips, the
// deposit channel details, the receipt picker and the withdrawal checklist. Amounts use
// tabular digits so columns of money line up.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg });
/** A form page: room at the bottom for the fixed action bar. */
export const formPage = style([page, { paddingBottom: '104px' }]);
export const listPage = style({ display: 'flex', flexDirection: 'column' });

export const card = style({ background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const cardHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
// A card's "See all" or records link: a full 44 px tap target however short its text.
globalStyle(`${cardHead} > a`, { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: vars.size.touchTarget, minWidth: vars.size.touchTarget });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, margin: 0 });
export const bigAmount = style({ ...numeric, fontSize: vars.fontSize.display, fontWeight: 700 });

export const figures = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', rowGap: vars.space.sm, columnGap: vars.space.md, margin: 0 });
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const figureValue = style({ ...numeric, margin: 0, textAlign: 'right', fontSize: vars.fontSize.caption, fontWeight: 500, whiteSpace: 'normal', overflowWrap: 'anywhere' });
/** The figure the user agrees to (the amount): larger than the rest. */
export const figureEmphasis = style({ fontSize: vars.fontSize.title, fontWeight: 700 });

export const fieldError = style({ color: vars.color.down, fontSize: vars.fontSize.small, margin: 0 });
export const fieldHint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, margin: 0 });

export const notice = styleVariants({
  info: { display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', padding: vars.space.md, borderRadius: vars.radius.small, background: vars.color.accentSoft, color: vars.color.text, fontSize: vars.fontSize.caption, margin: 0 },
  warning: { display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', padding: vars.space.md, borderRadius: vars.radius.small, background: vars.color.warningSurface, color: vars.color.warningText, fontSize: vars.fontSize.caption, margin: 0 },
});

const badgeBase = style({ display: 'inline-flex', alignItems: 'center', padding: '2px 10px', borderRadius: vars.radius.pill, fontSize: '12px', fontWeight: 600, whiteSpace: 'nowrap' });
export const badge = styleVariants({
  waiting: [badgeBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  good: [badgeBase, { background: vars.color.upSoft, color: vars.color.up }],
  bad: [badgeBase, { background: vars.color.downSoft, color: vars.color.down }],
  neutral: [badgeBase, { background: vars.color.background, color: vars.color.textMuted }],
});

export const chips = style([scrollFade, { display: 'flex', gap: vars.space.sm, padding: `${vars.space.sm} ${vars.space.lg}`, overflowX: 'auto', background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` }]);
export const chip = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.onAccent } },
});

export const row = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.lg}`, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const rowTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
export const rowTitle = style({ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });
export const rowMeta = style({ ...numeric, display: 'flex', flexWrap: 'wrap', gap: `2px ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.small, whiteSpace: 'normal' });
export const amount = styleVariants({
  up: { ...numeric, color: vars.color.up, fontWeight: 600 },
  down: { ...numeric, color: vars.color.down, fontWeight: 600 },
  flat: { ...numeric, color: vars.color.text, fontWeight: 600 },
});
export const rowReason = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.down });

export const listFooter = style({ padding: vars.space.lg, display: 'flex', justifyContent: 'center' });

/** A choice shown as a card with a radio button: deposit channels, bank accounts. */
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSoft } },
});
export const optionRadio = style({ width: '20px', height: '20px', accentColor: vars.color.accent, margin: 0, flexShrink: 0 });
export const optionText = style({ display: 'flex', flexDirection: 'column', minWidth: 0, gap: '2px' });

export const copyRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.touchTarget, borderBottom: `1px solid ${vars.color.border}` });
export const copyLabel = style({ width: '34%', flexShrink: 0, color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const copyValue = style({ ...numeric, flex: 1, minWidth: 0, fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'anywhere' });
export const copyButton = style({ flexShrink: 0, minHeight: vars.size.touchTarget, minWidth: vars.size.touchTarget, padding: `0 ${vars.space.md}`, border: 'none', borderRadius: vars.radius.pill, background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600, cursor: 'pointer' });

export const segmented = style({ display: 'flex', background: vars.color.background, borderRadius: vars.radius.small, padding: '3px', gap: '3px' });
export const segment = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  fontWeight: 600,
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.surface, color: vars.color.accent, boxShadow: vars.shadow.card } },
});

export const receipt = style({ display: 'flex', gap: vars.space.md, alignItems: 'center' });
export const receiptPreview = style({ width: '88px', height: '88px', objectFit: 'cover', borderRadius: vars.radius.small, border: `1px solid ${vars.color.border}`, flexShrink: 0, background: vars.color.background });
export const receiptStatus = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, flex: 1, minWidth: 0 });
export const progress = style({ width: '100%', height: '6px', borderRadius: vars.radius.pill, overflow: 'hidden', background: vars.color.background });
export const progressFill = style({ height: '100%', background: vars.color.accent, transition: 'width 120ms linear' });
export const filePicker = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' });

export const rules = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const rule = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: vars.size.touchTarget, borderBottom: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.caption });
export const ruleMark = styleVariants({
  met: { color: vars.color.up, display: 'flex' },
  unmet: { color: vars.color.down, display: 'flex' },
});
export const ruleText = style({ flex: 1, minWidth: 0 });
export const ruleFix = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.touchTarget, fontWeight: 600, fontSize: vars.fontSize.caption, whiteSpace: 'nowrap', background: 'none', border: 'none', color: vars.color.accent, cursor: 'pointer', padding: 0 });

export const qrBox = style({ width: '256px', height: '256px', maxWidth: '100%', alignSelf: 'center', display: 'grid', placeItems: 'center', background: '#ffffff', borderRadius: vars.radius.small });
export const address = style({ ...numeric, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: vars.fontSize.caption, whiteSpace: 'normal', overflowWrap: 'anywhere', margin: 0 });

export const shortcuts = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm });
export const shortcut = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.xs, padding: `${vars.space.sm} 0`, color: vars.color.text, fontSize: vars.fontSize.small, textAlign: 'center' });
export const shortcutIcon = style({ width: '44px', height: '44px', borderRadius: vars.radius.medium, display: 'grid', placeItems: 'center', background: vars.color.accentSoft, color: vars.color.accent });
export const twoButtons = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });

export const actionBar = style({
  position: 'fixed',
  left: pageEdgeInset,
  right: pageEdgeInset,
  bottom: 0,
  padding: vars.space.md,
  paddingBottom: `calc(${vars.space.md} + env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  zIndex: 10,
});
export const dateRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
/** A form inside a page: room at the bottom for the fixed action bar. */
export const formStack = style([stack, { paddingBottom: '88px' }]);
export const dangerButton = style({ alignSelf: 'flex-end', color: vars.color.down });
export const tabs = style({ padding: `${vars.space.sm} ${vars.space.lg}`, background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const fixText = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start' });
// An icon beside a long sentence keeps its size instead of being squeezed by the text.
globalStyle(`${notice.info} > svg, ${notice.warning} > svg, ${fixText} > svg`, { flexShrink: 0, marginTop: '1px' });
