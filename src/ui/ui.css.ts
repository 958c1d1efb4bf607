import { createVar, globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: '48px',
  padding: `0 ${vars.space.xl}`,
  borderRadius: vars.radius.medium,
  border: '1px solid transparent',
  fontSize: vars.fontSize.body,
  fontWeight: 600,
  cursor: 'pointer',
  transition: 'background 120ms ease, opacity 120ms ease',
  selectors: {
    '&:disabled': { opacity: 0.6, cursor: 'default' },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.onAccent, selectors: { '&:active:not(:disabled)': { background: vars.color.accentPressed } } }],
  secondary: [buttonBase, { background: vars.color.surface, color: vars.color.accent, borderColor: vars.color.accent }],
  soft: [buttonBase, { background: vars.color.accentSoft, color: vars.color.accent }],
  ghost: [buttonBase, { background: 'transparent', color: vars.color.accent, padding: `0 ${vars.space.md}` }],
});

export const fullWidth = style({ width: '100%' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  width: '18px',
  height: '18px',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animation: `${spin} 700ms linear infinite`,
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const fieldLabel = style({ fontSize: vars.fontSize.caption, color: vars.color.textMuted, fontWeight: 500 });
export const inputWrap = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '52px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: `0 ${vars.space.xs} 0 ${vars.space.lg}`,
  selectors: { '&:focus-within': { borderColor: vars.color.accent, boxShadow: `0 0 0 3px ${vars.color.accentSoft}` } },
});
export const inputPrefix = style({ color: vars.color.textMuted, paddingRight: vars.space.sm, borderRight: `1px solid ${vars.color.border}`, marginRight: vars.space.sm });
export const input = style({
  flex: 1,
  minWidth: 0,
  height: '50px',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  fontSize: vars.fontSize.body,
  selectors: { '&::placeholder': { color: vars.color.textFaint } },
});
export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  flexShrink: 0,
});

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  fontSize: vars.fontSize.caption,
  color: vars.color.textMuted,
  cursor: 'pointer',
});
export const checkbox = style({ width: '20px', height: '20px', accentColor: vars.color.accent, margin: 0, flexShrink: 0 });

const shimmer = keyframes({ '0%': { backgroundPosition: '-200px 0' }, '100%': { backgroundPosition: 'calc(200px + 100%) 0' } });
export const skeleton = style({
  display: 'block',
  borderRadius: vars.radius.small,
  background: `linear-gradient(90deg, ${vars.color.skeleton} 0, #f5f6f9 60px, ${vars.color.skeleton} 120px)`,
  backgroundSize: '200px 100%',
  backgroundRepeat: 'no-repeat',
  backgroundColor: vars.color.skeleton,
  animation: `${shimmer} 1.2s ease-in-out infinite`,
});

export const card = style({
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: vars.space.lg,
});

export const statePanel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  color: vars.color.textMuted,
});
export const stateIcon = style({
  width: '64px',
  height: '64px',
  borderRadius: '50%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.accentSoft,
  color: vars.color.accent,
});
// A link offered as the state's next step ("Borrow", "Withdraw") is a full tap target.
globalStyle(`${statePanel} a`, { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', minHeight: vars.size.touchTarget, minWidth: vars.size.touchTarget });
export const stateTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600, color: vars.color.text });
export const stateText = style({ margin: 0, fontSize: vars.fontSize.caption, maxWidth: '320px' });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

// Below a paged list (ListFooter.tsx).
export const listMore = style({ display: 'flex', flexDirection: 'column', padding: vars.space.lg });
export const listEnd = style({ margin: 0, textAlign: 'center', padding: vars.space.lg, color: vars.color.textFaint, fontSize: vars.fontSize.small });

// The loading and pull-to-refresh states every list shares (LoadStates.tsx).
export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minHeight: '62px',
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const pullIndicator = style({ display: 'flex', justifyContent: 'center', color: vars.color.textMuted, overflow: 'hidden', transition: 'height 120ms ease' });

// A row that scrolls sideways (chips, tabs, period switches) fades out at the edge where more
// of it waits: on the right at the start, on both sides in the middle, on the left at the end.
// A scroll-driven animation moves the fades with the row's own scroll position, so no script
// measures anything; a row that fits has no scroll timeline and so no fade. It only masks
// pixels: focus order, keyboard scrolling and what a screen reader reads are unchanged.
const scrollFadeWidth = '32px';
const fadeStart = createVar({ syntax: '<length>', inherits: false, initialValue: '0px' });
const fadeEnd = createVar({ syntax: '<length>', inherits: false, initialValue: '0px' });
const scrollFadeFrames = keyframes({
  '0%': { vars: { [fadeStart]: '0px', [fadeEnd]: scrollFadeWidth } },
  '8%': { vars: { [fadeStart]: scrollFadeWidth } },
  '92%': { vars: { [fadeEnd]: scrollFadeWidth } },
  '100%': { vars: { [fadeStart]: scrollFadeWidth, [fadeEnd]: '0px' } },
});
const scrollFadeMask = `linear-gradient(to right, transparent 0, #000 ${fadeStart}, #000 calc(100% - ${fadeEnd}), transparent 100%)`;
export const scrollFade = style({
  // Plain names a test (tests/e2e/layoutAudit.ts) can read, mirroring the animated values.
  vars: { '--scroll-fade-start': fadeStart, '--scroll-fade-end': fadeEnd },
  '@supports': {
    '(animation-timeline: scroll())': {
      animationName: scrollFadeFrames,
      animationTimingFunction: 'linear',
      animationFillMode: 'both',
      animationTimeline: 'scroll(self inline)',
      maskImage: scrollFadeMask,
      WebkitMaskImage: scrollFadeMask,
    },
  },
});
