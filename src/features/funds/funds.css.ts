import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the strategy-fund screens add to the money screens' styles (funding.css.ts): the NAV
// as the headline figure, a row of returns, the chart's box, and the compact rows of a fund's
// positions, orders and parameters. Figures use tabular digits so columns line up.

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const navLine = style({ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
export const navValue = style({ ...numeric, fontSize: vars.fontSize.headline, fontWeight: 700 });
export const navMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

/** 1M / 3M / since inception (and the day's change) side by side. */
export const returns = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(72px, 1fr))', gap: vars.space.sm, margin: 0 });
export const returnCell = style({ display: 'flex', flexDirection: 'column', gap: '2px', padding: vars.space.sm, borderRadius: vars.radius.small, background: vars.color.background });
export const returnLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const returnValue = style({ ...numeric, fontWeight: 600, fontSize: vars.fontSize.caption, margin: 0 });

export const chartBox = style({ position: 'relative', height: '200px' });
export const chartState = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.caption });

/** A position, an order or a redemption: a title line and wrapped figures under it. */
export const item = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: `${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` });
export const itemTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.md });
export const itemTitle = style({ fontWeight: 600, fontSize: vars.fontSize.caption, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });
export const itemMeta = style({ ...numeric, display: 'flex', flexWrap: 'wrap', gap: `2px ${vars.space.md}`, color: vars.color.textMuted, fontSize: vars.fontSize.small, whiteSpace: 'normal' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
/** A link in a title line (a position's stock, a record's fund): its one child centred in a 44 px tall tap target. */
export const titleLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: '44px' });

export const parameter = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: `2px ${vars.space.md}`, padding: `${vars.space.sm} 0`, borderTop: `1px solid ${vars.color.border}` });
export const parameterName = style({ fontWeight: 600, fontSize: vars.fontSize.caption });
export const parameterValue = style({ ...numeric, fontWeight: 600, fontSize: vars.fontSize.caption, textAlign: 'right' });
export const parameterMeaning = style({ gridColumn: '1 / -1', color: vars.color.textMuted, fontSize: vars.fontSize.small, margin: 0 });

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const sectionTitle = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.fontSize.body, fontWeight: 600 });
/** A record in the paged list of holdings: the card with the list's page margins. */
export const recordItem = style({ padding: `${vars.space.xs} ${vars.space.lg}` });
