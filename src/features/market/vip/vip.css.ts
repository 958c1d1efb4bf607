import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const heatmap = style({ position: 'relative', width: '100%', aspectRatio: '10 / 7', borderRadius: vars.radius.medium, overflow: 'hidden', background: vars.color.background });
export const tile = style({
  position: 'absolute',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  alignItems: 'center',
  gap: '2px',
  padding: '2px',
  border: `1px solid ${vars.color.surface}`,
  overflow: 'hidden',
  textAlign: 'center',
  fontSize: '11px',
  lineHeight: 1.2,
  transition: 'background-color 400ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const tileName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%', whiteSpace: 'nowrap' });
export const tileValue = style({ fontVariantNumeric: 'tabular-nums' });
export const previewTile = style({ position: 'absolute', border: `2px solid ${vars.color.surface}`, background: vars.color.skeleton });
export const featureList = style({ margin: 0, paddingLeft: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.sm, fontSize: vars.fontSize.caption, color: vars.color.text });
export const previewLabel = style({
  position: 'absolute',
  top: vars.space.sm,
  left: vars.space.sm,
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.overlay,
  color: vars.color.onAccent,
  fontSize: '12px',
  fontWeight: 600,
});
