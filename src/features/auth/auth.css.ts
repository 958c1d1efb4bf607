import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}`,
  background: vars.color.surface,
  minHeight: '100%',
});

export const brandRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.xl });
export const brandMark = style({
  width: '40px',
  height: '40px',
  borderRadius: '12px',
  background: vars.color.accent,
  color: vars.color.onAccent,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  fontSize: '20px',
});
export const brandLogo = style({ height: '40px', maxWidth: '160px', objectFit: 'contain' });
export const brandName = style({ fontWeight: 700, fontSize: vars.fontSize.title, letterSpacing: '-0.01em' });
// The brand on the left; the language switch and customer service on the right.
export const topBar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
globalStyle(`${topBar} > :first-child`, { marginRight: 'auto' });

export const title = style({ margin: `${vars.space.lg} 0 ${vars.space.xs}`, fontSize: vars.fontSize.display, fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 });
export const subtitle = style({ margin: `0 0 ${vars.space.xl}`, color: vars.color.textMuted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const formRow = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });
export const textLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.xs}`,
  border: 'none',
  background: 'none',
  color: vars.color.accent,
  fontSize: vars.fontSize.caption,
  fontWeight: 600,
  cursor: 'pointer',
});
/** A link inside running text: no touch padding that would break the sentence. */
export const inlineLink = style({ color: vars.color.accent, fontWeight: 600 });
export const footer = style({ marginTop: vars.space.xl, textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.caption });

export const hero = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-start',
  paddingTop: vars.space.xxl,
  gap: vars.space.lg,
});
export const heroBullets = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const heroBullet = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', color: vars.color.textMuted });
export const bulletIcon = style({
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.upSoft,
  color: vars.color.up,
});
export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, marginTop: vars.space.xl });
