import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// Styles of the profile area: message and activity lists, nominee cards and form, the
// check-in card, personal details and the long-form pages (about, agreement, FAQ).

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg, paddingBottom: '96px' });
export const listPage = style({ display: 'flex', flexDirection: 'column', paddingBottom: '96px' });

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.caption,
  color: vars.color.textMuted,
});

export const row = style({
  display: 'flex',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  border: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  color: vars.color.text,
  fontSize: vars.fontSize.body,
  cursor: 'pointer',
  selectors: { '&:active': { background: vars.color.background } },
});
export const rowBody = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const rowText = style({ margin: 0, lineHeight: 1.45 });
export const rowTextUnread = style({ fontWeight: 600 });
export const rowMeta = style({ fontSize: vars.fontSize.small, color: vars.color.textFaint, fontVariantNumeric: 'tabular-nums' });
export const unreadDot = style({ width: '8px', height: '8px', marginTop: '8px', borderRadius: '50%', background: vars.color.accent, flexShrink: 0 });
export const readDot = style([unreadDot, { background: 'transparent' }]);
// On its own line a link is a 44 px tap target; inside a sentence it flows with the text.
export const inlineLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  color: vars.color.accent,
  fontWeight: 600,
  fontSize: vars.fontSize.caption,
  textDecoration: 'none',
  selectors: { 'p &': { display: 'inline', minHeight: 0 } },
});


export const badge = style({
  minWidth: '20px',
  height: '20px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.down,
  color: vars.color.onAccent,
  fontSize: '12px',
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontVariantNumeric: 'tabular-nums',
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.caption, lineHeight: 1.5 });
export const figure = style({ fontSize: vars.fontSize.headline, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const details = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.sm} ${vars.space.lg}`, margin: 0 });
export const detailLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const detailValue = style({ margin: 0, textAlign: 'right', fontSize: vars.fontSize.caption, fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

export const shareBar = style({ height: '8px', borderRadius: vars.radius.pill, background: vars.color.background, overflow: 'hidden' });
export const shareFill = style({ height: '100%', background: vars.color.accent, transition: 'width 200ms ease' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const select = style({
  minHeight: '52px',
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontSize: vars.fontSize.body,
  color: vars.color.text,
});
export const fieldLabel = style({ fontSize: vars.fontSize.caption, color: vars.color.textMuted, fontWeight: 500 });
export const fieldGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const terms = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.background,
  borderRadius: vars.radius.medium,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  lineHeight: 1.55,
  maxHeight: '240px',
  overflowY: 'auto',
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

export const avatar = styleVariants({
  small: { width: '56px', height: '56px' },
  large: { width: '88px', height: '88px' },
});
export const avatarBase = style({
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  fontWeight: 700,
  fontSize: vars.fontSize.title,
});
export const avatarImage = style({ width: '100%', height: '100%', objectFit: 'cover' });

export const streakDays = style({ display: 'flex', gap: '6px' });
export const streakDay = styleVariants({
  done: { flex: 1, height: '6px', borderRadius: vars.radius.pill, background: vars.color.up },
  open: { flex: 1, height: '6px', borderRadius: vars.radius.pill, background: vars.color.border },
});

export const article = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.lg} 96px`,
  background: vars.color.surface,
  minHeight: '100%',
  lineHeight: 1.65,
});
export const articleHeading = style({ margin: `${vars.space.md} 0 0`, fontSize: vars.fontSize.title, fontWeight: 600, lineHeight: 1.35 });
export const paragraph = style({ margin: 0, fontSize: vars.fontSize.body });
export const bulletList = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.medium,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontSize: vars.fontSize.caption,
  lineHeight: 1.5,
});
export const faqItem = style({ borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.sm} 0` });
export const faqQuestion = style({
  cursor: 'pointer',
  fontWeight: 600,
  minHeight: vars.size.touchTarget,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});
/** Points right while closed, down while open, so a question reads as something to tap. */
export const faqChevron = style({
  display: 'flex',
  color: vars.color.textFaint,
  transition: 'transform 150ms ease',
  selectors: { [`${faqItem}[open] &`]: { transform: 'rotate(90deg)' } },
});
/** The side of a card head that holds text: it shrinks, the button beside it does not. */
export const cardHeadText = style({ flex: 1, minWidth: 0 });
export const noWrap = style({ whiteSpace: 'nowrap', flexShrink: 0 });

export const change = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, fontSize: vars.fontSize.caption, color: vars.color.textMuted });
export const changeArrow = style({ color: vars.color.textFaint });
