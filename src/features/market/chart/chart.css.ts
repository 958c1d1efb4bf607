import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { scrollFade } from '../../../ui/ui.css.ts';

export const block = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, background: vars.color.surface, padding: `${vars.space.sm} 0 ${vars.space.md}` });
export const switchRow = style([scrollFade, { display: 'flex', gap: '2px', padding: `0 ${vars.space.md}`, overflowX: 'auto', scrollbarWidth: 'none' }]);
export const switchButton = style({
  flexShrink: 0,
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  fontWeight: 500,
  cursor: 'pointer',
  selectors: { '&[aria-pressed="true"]': { background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600 } },
});
export const adjustRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.small, color: vars.color.textFaint });
export const chartBox = style({ position: 'relative', height: '300px', margin: `0 ${vars.space.sm}` });
export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  background: 'rgba(255, 255, 255, 0.7)',
  zIndex: 2,
});
