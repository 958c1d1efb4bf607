import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The preference radar (an SVG drawn here, no chart package) and the table of its six measures.

export const radar = style({ display: 'block', width: '100%', maxWidth: '420px', height: 'auto', alignSelf: 'center', overflow: 'visible' });
export const radarRing = style({ fill: 'none', stroke: vars.color.border, strokeWidth: 1 });
export const radarSpoke = style({ stroke: vars.color.border, strokeWidth: 1 });
export const radarShape = style({ fill: vars.color.accent, fillOpacity: 0.18, stroke: vars.color.accent, strokeWidth: 2, strokeLinejoin: 'round' });
export const radarPoint = style({ fill: vars.color.accent });
export const radarLabel = style({ fill: vars.color.text, fontSize: '13px', fontWeight: 500 });
export const radarScore = style({ fill: vars.color.textMuted, fontSize: '12px', fontVariantNumeric: 'tabular-nums' });

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
export const axisTable = style({ ...numeric, width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.caption });
globalStyle(`${axisTable} th, ${axisTable} td`, { padding: `${vars.space.sm} ${vars.space.xs}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
globalStyle(`${axisTable} thead th`, { color: vars.color.textMuted, fontWeight: 500, fontSize: vars.fontSize.small, textAlign: 'right', whiteSpace: 'nowrap' });
globalStyle(`${axisTable} thead th:first-child, ${axisTable} th[scope="row"]`, { textAlign: 'left' });
globalStyle(`${axisTable} td`, { textAlign: 'right', whiteSpace: 'nowrap' });
/** The figures' row of a measure: no rule under it, its meaning follows. */
export const axisFigures = style({});
globalStyle(`${axisFigures} th, ${axisFigures} td`, { borderBottom: 'none', paddingBottom: 0 });
export const axisName = style({ fontWeight: 600, whiteSpace: 'normal' });
export const axisMeaning = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, fontWeight: 400 });
globalStyle(`${axisTable} td${axisMeaning}`, { textAlign: 'left', whiteSpace: 'normal', paddingTop: '2px' });
export const caption = style({ captionSide: 'top', textAlign: 'left', color: vars.color.textMuted, fontSize: vars.fontSize.small, paddingBottom: vars.space.xs });

export const profileName = style({ margin: 0, fontSize: vars.fontSize.headline, fontWeight: 700 });
export const tips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const tip = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', columnGap: vars.space.md, rowGap: '4px', fontSize: vars.fontSize.caption });
export const tipPercent = style({ ...numeric, fontWeight: 700 });
export const tipBar = style({ gridColumn: '1 / -1', height: '6px', borderRadius: vars.radius.pill, background: vars.color.background, overflow: 'hidden' });
export const tipFill = style({ height: '100%', background: vars.color.accent });
