import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const searchBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `${vars.space.md} ${vars.space.lg} 0`,
  padding: `0 ${vars.space.xs} 0 ${vars.space.md}`,
  minHeight: '48px',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  selectors: { '&:focus-within': { borderColor: vars.color.accent, boxShadow: `0 0 0 3px ${vars.color.accentSoft}` } },
});
export const input = style({
  flex: 1,
  minWidth: 0,
  height: '46px',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.body,
  selectors: { '&::placeholder': { color: vars.color.textFaint }, '&::-webkit-search-cancel-button': { display: 'none' } },
});
export const clearButton = style({
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: '22px',
  cursor: 'pointer',
});
export const sectionHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: `${vars.space.sm} ${vars.space.lg} 0`, minHeight: '48px' });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.caption, fontWeight: 600, color: vars.color.textMuted });
export const hint = style({ margin: 0, padding: `${vars.space.sm} ${vars.space.lg}`, fontSize: vars.fontSize.caption, color: vars.color.textFaint });
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const row = style({ display: 'flex', alignItems: 'center', background: vars.color.surface, borderBottom: `1px solid ${vars.color.border}`, paddingRight: vars.space.xs });
export const rowLink = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minHeight: '58px',
  justifyContent: 'center',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
});
export const rowName = style({ fontWeight: 600, fontSize: vars.fontSize.caption, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const rowMeta = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted });
