import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// What the IPO screens add to the money screens' styles (funding.css.ts): the issue card's
// link, the draw's hashes (long hex that must wrap) and its file links.

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const issueLink = style({ color: 'inherit', textDecoration: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const chipRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const demoLabel = style({ display: 'inline-flex', alignItems: 'center', padding: '2px 10px', borderRadius: vars.radius.pill, fontSize: '12px', fontWeight: 700, background: vars.color.accentSoft, color: vars.color.accent });
export const code = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, fontWeight: 500 });

export const hash = style({ ...numeric, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: vars.fontSize.small, overflowWrap: 'anywhere', margin: 0 });
export const command = style([hash, { background: vars.color.background, padding: vars.space.sm, borderRadius: vars.radius.small }]);
/** Keeps the disclosure triangle (a list item) and a full touch target. */
export const summary = style({ minHeight: vars.size.touchTarget, paddingTop: vars.space.md, cursor: 'pointer' });
export const steps = style({ margin: 0, paddingLeft: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.caption });
export const files = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const fileLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontWeight: 600,
  textDecoration: 'none',
});
/** The issue's name in a record row opens its page: a full touch target, not just the line of text. */
export const rowLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.touchTarget, textDecoration: 'none', color: vars.color.accent });
