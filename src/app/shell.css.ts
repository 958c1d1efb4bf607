import { keyframes, style } from '@vanilla-extract/css';
import { pageEdgeInset, vars } from '../ui/theme.css.ts';
import { scrollFade } from '../ui/ui.css.ts';

export const shell = style({ minHeight: '100dvh', display: 'flex', flexDirection: 'column' });
export const main = style({ flex: 1, display: 'flex', flexDirection: 'column' });
export const mainAboveTabBar = style({ paddingBottom: `calc(${vars.size.tabBarHeight} + env(safe-area-inset-bottom))` });

/** Banner, header and segment bar stay on screen together while the page scrolls. */
export const topChrome = style({ position: 'sticky', top: 0, zIndex: 20 });

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `6px ${vars.space.lg}`,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontSize: vars.fontSize.small,
  lineHeight: 1.3,
});

export const header = style({
  display: 'grid',
  gridTemplateColumns: `${vars.size.touchTarget} 1fr ${vars.size.touchTarget}`,
  alignItems: 'center',
  height: vars.size.headerHeight,
  padding: `0 ${vars.space.xs}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const headerTitle = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.title,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const headerButton = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
});

export const segments = style([
  scrollFade,
  {
    display: 'flex',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.lg}`,
    background: vars.color.surface,
    overflowX: 'auto',
    borderBottom: `1px solid ${vars.color.border}`,
  },
]);
export const segment = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  fontWeight: 500,
  selectors: { '&[data-status="active"]': { background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600 } },
});

export const tabBar = style({
  position: 'fixed',
  bottom: 0,
  left: pageEdgeInset,
  right: pageEdgeInset,
  zIndex: 20,
  display: 'grid',
  gridTemplateColumns: 'repeat(5, 1fr)',
  height: `calc(${vars.size.tabBarHeight} + env(safe-area-inset-bottom))`,
  paddingBottom: 'env(safe-area-inset-bottom)',
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
export const tab = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  color: vars.color.textFaint,
  fontSize: '11px',
  fontWeight: 500,
  selectors: { '&[data-status="active"]': { color: vars.color.accent, fontWeight: 600 } },
});

// Docked in the top bar (see KefuButton.tsx), never floating over the page.
export const kefuButton = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  border: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
  cursor: 'pointer',
  selectors: { '&:active': { background: vars.color.accent, color: vars.color.onAccent } },
});

const toastIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px)' }, to: { opacity: 1, transform: 'none' } });
export const toastArea = style({
  position: 'fixed',
  left: pageEdgeInset,
  right: pageEdgeInset,
  top: '40%',
  zIndex: 50,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.xl}`,
  pointerEvents: 'none',
});
export const toast = style({
  maxWidth: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.medium,
  background: vars.color.overlay,
  color: '#fff',
  fontSize: vars.fontSize.caption,
  textAlign: 'center',
  animation: `${toastIn} 160ms ease-out`,
});

export const splash = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.lg,
  background: vars.color.surface,
});
const pulse = keyframes({ '50%': { opacity: 0.55, transform: 'scale(0.96)' } });
export const splashMark = style({
  width: '72px',
  height: '72px',
  borderRadius: '20px',
  background: vars.color.accent,
  color: vars.color.onAccent,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '34px',
  fontWeight: 700,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});
export const splashName = style({ fontSize: vars.fontSize.headline, fontWeight: 700, letterSpacing: '-0.01em' });

export const pagePending = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.lg });
