import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: `0 ${vars.space.lg} ${vars.space.xl}` });

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.headerHeight,
  padding: `${vars.space.sm} 0`,
});
export const avatar = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
});
export const greeting = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });
export const greetingSmall = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const greetingName = style({ fontSize: vars.fontSize.body, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const headerAction = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: '50%',
  background: vars.color.surface,
  color: vars.color.text,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: vars.shadow.card,
});

export const portfolio = style({
  borderRadius: vars.radius.large,
  padding: vars.space.lg,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});
export const portfolioTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.sm });
export const label = style({ fontSize: vars.fontSize.caption, color: vars.color.textMuted });
export const totalAssets = style({ fontSize: vars.fontSize.display, fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2, fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' });
export const balances = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const balance = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const balanceValue = style({ fontSize: vars.fontSize.caption, fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const moneyButtons = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.md });
export const refreshButton = style({ color: vars.color.textMuted });
export const cardError = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.md, color: vars.color.textMuted, fontSize: vars.fontSize.caption });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });
export const shortcuts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, 1fr)',
  gap: vars.space.sm,
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: vars.space.md,
});
export const shortcut = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '84px',
  padding: `${vars.space.md} ${vars.space.xs}`,
  borderRadius: vars.radius.medium,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.small,
  fontWeight: 500,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: { '&:active': { background: vars.color.background } },
});
export const shortcutIcon = style({
  width: '44px',
  height: '44px',
  borderRadius: vars.radius.medium,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
});

export const watchlist = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const sectionHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center' });
export const emptyCard = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
});
export const watchlistRows = style({ borderRadius: vars.radius.large, overflow: 'hidden', boxShadow: vars.shadow.card });
