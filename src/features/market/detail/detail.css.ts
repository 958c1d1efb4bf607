import { style } from '@vanilla-extract/css';
import { pageEdgeInset, vars } from '../../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', paddingBottom: '96px' });
export const head = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: `${vars.space.md} ${vars.space.lg}`, background: vars.color.surface });
export const titleRow = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.sm });
export const name = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 700, lineHeight: 1.25 });
export const codeLine = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
export const lastPrice = style({ fontSize: vars.fontSize.display, fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.15, padding: 0 });
export const changeLine = style({ display: 'flex', gap: vars.space.sm, alignItems: 'baseline', fontSize: vars.fontSize.body, fontWeight: 600 });
export const asOf = style({ fontSize: vars.fontSize.small, color: vars.color.textFaint, fontWeight: 400 });
export const historyNote = style({
  margin: `${vars.space.md} ${vars.space.lg} 0`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.small,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontSize: vars.fontSize.small,
});
export const tradeBar = style({
  position: 'fixed',
  bottom: 0,
  left: pageEdgeInset,
  right: pageEdgeInset,
  zIndex: 10,
  display: 'flex',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg} calc(${vars.space.md} + env(safe-area-inset-bottom))`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
});
