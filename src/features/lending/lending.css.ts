import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// Styles of the lending screens beyond the money screens' cards and figures (funding.css.ts).

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const links = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** Home's credit overview: score and level on the left, limit and borrowed on the right, the link under them. */
export const homeCard = style({ background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const homeTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.md });
export const homeScore = style({ ...numeric, fontSize: vars.fontSize.display, fontWeight: 700, lineHeight: 1.1 });
export const homeFigures = style({ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: vars.space.md, rowGap: vars.space.xs, margin: 0, textAlign: 'right' });
export const homeLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
export const homeValue = style({ ...numeric, margin: 0, fontWeight: 600, fontSize: vars.fontSize.caption });
export const homeLink = style({ alignSelf: 'stretch', display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: vars.size.touchTarget, fontWeight: 600, padding: `${vars.space.sm} 0`, borderRadius: vars.radius.pill, background: vars.color.accentSoft, color: vars.color.accent, textDecoration: 'none' });

export const eventList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' });
export const eventRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, padding: `${vars.space.sm} 0`, borderBottom: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.small });
export const eventAmount = style({ ...numeric, fontWeight: 600 });
export const toggle = style({ alignSelf: 'flex-start', background: 'none', border: 'none', padding: `${vars.space.sm} 0`, color: vars.color.accent, fontWeight: 600, cursor: 'pointer', minHeight: vars.size.touchTarget });
