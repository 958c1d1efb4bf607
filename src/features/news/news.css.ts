import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const item = style({ background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}` });
export const itemLink = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: `${vars.space.md} ${vars.space.lg}`, color: vars.color.text });
export const itemTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600, lineHeight: 1.35 });
export const itemSummary = style({
  margin: 0,
  fontSize: vars.fontSize.caption,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const meta = style({ fontSize: vars.fontSize.small, color: vars.color.textFaint });
export const more = style({ display: 'flex', justifyContent: 'center', padding: vars.space.lg });
export const article = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}`, background: vars.color.surface, minHeight: '100%' });
export const articleTitle = style({ margin: 0, fontSize: vars.fontSize.headline, fontWeight: 700, lineHeight: 1.3 });
export const paragraph = style({ margin: 0, fontSize: vars.fontSize.body, lineHeight: 1.65 });
export const codes = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const codeChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accent,
  fontSize: vars.fontSize.caption,
  fontWeight: 600,
});
