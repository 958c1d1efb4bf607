import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// The − value + stepper the buy and apply screens share: two full touch targets around the value.

export const stepper = style({ display: 'grid', gridTemplateColumns: `${vars.size.touchTarget} 1fr ${vars.size.touchTarget}`, alignItems: 'center', gap: vars.space.sm });
export const stepButton = style({
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.title,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&:disabled': { color: vars.color.textMuted, cursor: 'default' } },
});
const stepValueBase = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'center', fontWeight: 700 });
/** `page`: the stepper is the form's main control; `sheet`: it sits in a bottom sheet with less room. */
export const stepValue = styleVariants({
  page: [stepValueBase, { fontSize: vars.fontSize.title }],
  sheet: [stepValueBase, { fontSize: vars.fontSize.body }],
});
