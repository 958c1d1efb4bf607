import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the IPO screens add to the primary-market styles (primaryMarket.css.ts): the draw's
// hashes (long hex that must wrap) and the record row's link.

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const hash = style({ ...numeric, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: vars.fontSize.small, overflowWrap: 'anywhere', margin: 0 });
export const command = style([hash, { background: vars.color.background, padding: vars.space.sm, borderRadius: vars.radius.small }]);
/** Keeps the disclosure triangle (a list item) and a full touch target. */
export const summary = style({ minHeight: vars.size.touchTarget, paddingTop: vars.space.md, cursor: 'pointer' });
export const steps = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.caption });
/** The name in a record row opens its page: a full touch target, not just the line of text. */
export const rowLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.touchTarget, textDecoration: 'none', color: vars.color.accent });
