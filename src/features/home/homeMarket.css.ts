import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { scrollFade } from '../../ui/ui.css.ts';

// The home page's market sections: the indices strip, hot lists and latest news.

export const indices = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.sm });
export const indexCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  color: vars.color.text,
});
export const indexName = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const indexLevel = style({ fontSize: vars.fontSize.body, padding: 0, overflowWrap: 'anywhere', whiteSpace: 'normal' });
export const indexChange = style({ fontSize: '12px', fontWeight: 500 });

export const card = style({ display: 'flex', flexDirection: 'column', background: vars.color.surface, borderRadius: vars.radius.large, boxShadow: vars.shadow.card, overflow: 'hidden' });
export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`, minHeight: '52px' });
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });
export const cardMessage = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.md, margin: 0, padding: vars.space.lg, fontSize: vars.fontSize.caption, color: vars.color.textMuted });
export const seeAll = style({ alignSelf: 'center', margin: `${vars.space.xs} 0` });
export const segmented = style([scrollFade, { display: 'flex', gap: vars.space.xs, overflowX: 'auto', scrollbarWidth: 'none' }]);
export const segment = style({
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  fontWeight: 500,
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600 } },
});
