import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column' });
export const top = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, padding: `${vars.space.md} ${vars.space.lg}` });
export const swipe = style({ position: 'relative', overflow: 'hidden', background: vars.color.down });
export const swipeAction = style({
  position: 'absolute',
  top: 0,
  right: 0,
  bottom: 0,
  border: 'none',
  background: vars.color.down,
  color: vars.color.onAccent,
  fontWeight: 600,
  fontSize: vars.fontSize.caption,
  cursor: 'pointer',
});
export const swipeContent = style({ position: 'relative', transition: 'transform 180ms ease', touchAction: 'pan-y' });
