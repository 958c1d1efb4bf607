import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// Styles of the identity screens: KYC status and form, the photo pickers, the password
// forms and the security overview.

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg, paddingBottom: vars.space.xxl });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const card = style({ background: vars.color.surface, borderRadius: vars.radius.large, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 600 });
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.small });

const bannerBase = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-start',
  padding: vars.space.lg,
  borderRadius: vars.radius.large,
});
export const banner = styleVariants({
  not_verified: [bannerBase, { background: vars.color.accentSoft, color: vars.color.text }],
  under_review: [bannerBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  verified: [bannerBase, { background: vars.color.upSoft, color: vars.color.up }],
  failed: [bannerBase, { background: vars.color.downSoft, color: vars.color.down }],
});
export const bannerText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: 1 });
export const bannerTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
export const bannerBody = style({ margin: 0, fontSize: vars.fontSize.caption, color: vars.color.text, overflowWrap: 'anywhere' });

export const details = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', rowGap: vars.space.sm, columnGap: vars.space.lg, margin: 0 });
export const detailLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const detailValue = style({ margin: 0, textAlign: 'right', fontSize: vars.fontSize.caption, fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

export const segmented = style({ display: 'flex', background: vars.color.background, borderRadius: vars.radius.small, padding: '3px', gap: '3px' });
const segmentBase = style({
  flex: 1,
  minHeight: vars.size.touchTarget,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.textMuted,
  cursor: 'pointer',
});
export const segment = styleVariants({
  off: [segmentBase],
  on: [segmentBase, { background: vars.color.surface, color: vars.color.accent, boxShadow: vars.shadow.card }],
});

export const fieldCheck = styleVariants({
  ok: { margin: 0, fontSize: vars.fontSize.small, color: vars.color.up },
  problem: { margin: 0, fontSize: vars.fontSize.small, color: vars.color.down },
});

export const photoGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: vars.space.md });
export const photoTile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  aspectRatio: '8 / 5',
  border: `1.5px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.caption,
  cursor: 'pointer',
  overflow: 'hidden',
  textAlign: 'center',
  padding: vars.space.sm,
  selectors: { '&:focus-within': { borderColor: vars.color.accent } },
});
export const photoPreview = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });
export const photoOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  background: 'rgba(20, 23, 31, 0.55)',
  color: vars.color.onAccent,
  fontWeight: 600,
});
export const photoBadge = style({
  position: 'absolute',
  right: vars.space.sm,
  bottom: vars.space.sm,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.up,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.small,
  fontWeight: 600,
});
export const photoInput = style({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer' });
export const photoError = style({ margin: 0, color: vars.color.down, fontSize: vars.fontSize.small });
export const photoColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});
export const listItem = style({ selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } } });
export const listLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '64px',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:active': { background: vars.color.background } },
});
export const listIcon = style({ color: vars.color.accent, display: 'flex' });
export const listText = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const listLabel = style({ fontSize: vars.fontSize.body });
export const listValue = styleVariants({
  good: { fontSize: vars.fontSize.small, color: vars.color.up },
  attention: { fontSize: vars.fontSize.small, color: vars.color.warningText },
  neutral: { fontSize: vars.fontSize.small, color: vars.color.textMuted },
});
export const listChevron = style({ color: vars.color.textFaint, display: 'flex' });

export const notice = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.medium,
  background: vars.color.warningSurface,
  color: vars.color.warningText,
  fontSize: vars.fontSize.caption,
});
