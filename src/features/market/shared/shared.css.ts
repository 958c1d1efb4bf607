import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

// Styles shared by every screen that shows quotes: price text, rows, the source badge
// and the loading / empty / error states of lists.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Indian convention: green up, red down, grey unchanged. */
export const directionText = styleVariants({
  up: { color: vars.color.up },
  down: { color: vars.color.down },
  flat: { color: vars.color.textMuted },
});

const flashUpFrames = keyframes({ from: { backgroundColor: vars.color.upSoft }, to: { backgroundColor: 'transparent' } });
const flashDownFrames = keyframes({ from: { backgroundColor: vars.color.downSoft }, to: { backgroundColor: 'transparent' } });
const flashBase = style({
  borderRadius: '4px',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const flash = styleVariants({
  up: [flashBase, { animation: `${flashUpFrames} 700ms ease-out` }],
  down: [flashBase, { animation: `${flashDownFrames} 700ms ease-out` }],
});

export const price = style({ ...numeric, fontWeight: 600, padding: '0 2px' });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  paddingRight: vars.space.xs,
});
export const rowLink = style({
  flex: 1,
  minWidth: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '62px',
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:active': { background: vars.color.background } },
});
export const rowName = style({ display: 'flex', flexDirection: 'column', minWidth: 0, gap: '2px' });
export const rowTitle = style({ fontWeight: 600, fontSize: vars.fontSize.caption, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const rowCode = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const rowPrice = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px', fontSize: vars.fontSize.body });
export const rowMetric = style({ ...numeric, fontSize: vars.fontSize.small, color: vars.color.textMuted });

const pillBase = style({
  ...numeric,
  minWidth: '78px',
  padding: '6px 8px',
  borderRadius: vars.radius.small,
  textAlign: 'right',
  fontSize: vars.fontSize.caption,
  fontWeight: 600,
});
export const changePill = styleVariants({
  up: [pillBase, { background: vars.color.upSoft, color: vars.color.up }],
  down: [pillBase, { background: vars.color.downSoft, color: vars.color.down }],
  flat: [pillBase, { background: vars.color.background, color: vars.color.textMuted }],
});

export const listHead = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  fontSize: vars.fontSize.small,
  color: vars.color.textFaint,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const listHeadRight = style({ textAlign: 'right', minWidth: '78px' });

export const badgeRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px' });
const chipBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '5px',
  minHeight: '24px',
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  fontSize: '12px',
  fontWeight: 600,
  lineHeight: 1.2,
});
export const chip = styleVariants({
  source: [chipBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  neutral: [chipBase, { background: vars.color.background, color: vars.color.textMuted }],
  live: [chipBase, { background: vars.color.upSoft, color: vars.color.up }],
  problem: [chipBase, { background: vars.color.downSoft, color: vars.color.down }],
});
export const dot = style({ width: '6px', height: '6px', borderRadius: '50%', background: 'currentColor', flexShrink: 0 });



export const note = style({ margin: 0, padding: `${vars.space.sm} ${vars.space.lg}`, fontSize: vars.fontSize.small, color: vars.color.textMuted });

export const star = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textFaint,
  cursor: 'pointer',
  flexShrink: 0,
  selectors: {
    '&[aria-pressed="true"]': { color: '#e0a100' },
    '&:disabled': { opacity: 0.5, cursor: 'default' },
  },
});
