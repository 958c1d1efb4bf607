import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the block-trade desk adds to the primary-market styles (primaryMarket.css.ts): the
// remaining-shares bar and the countdown (the lots stepper is src/ui/Stepper.tsx).

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const remainingBar = style({ width: '100%', height: '8px', borderRadius: vars.radius.pill, overflow: 'hidden', background: vars.color.background });
export const remainingFill = style({ height: '100%', background: vars.color.accent });
export const countdown = style({ ...numeric, fontSize: vars.fontSize.small, color: vars.color.textMuted, margin: 0 });
