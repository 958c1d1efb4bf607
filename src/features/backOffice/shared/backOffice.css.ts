import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

// The back office is desktop-first: wide tables, a left navigation and a side panel. It
// reuses the phone app's tokens (colours, type sizes) so both read as one product.

const navWidth = '232px';

/** The phone app caps #root at 750 px; staff screens use the whole window. */
export const backOfficeFrame = style({ minHeight: '100dvh', display: 'grid', gridTemplateColumns: `${navWidth} 1fr`, background: vars.color.background });
globalStyle(`#root:has(${backOfficeFrame}), #root:has([data-back-office])`, { maxWidth: 'none' });

export const nav = style({
  position: 'sticky',
  top: 0,
  height: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  background: '#161a2b',
  color: '#e8eaf3',
  overflowY: 'auto',
});
export const brand = style({ fontWeight: 700, fontSize: vars.fontSize.title, padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.lg}` });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.small,
  color: '#c5c9da',
  fontSize: vars.fontSize.caption,
  fontWeight: 500,
  selectors: {
    '&:hover': { background: 'rgba(255,255,255,0.06)' },
    '&[data-status="active"]': { background: vars.color.accent, color: '#ffffff' },
  },
});
export const navFooter = style({ marginTop: 'auto', display: 'flex', flexDirection: 'column', gap: vars.space.sm, paddingTop: vars.space.lg, borderTop: '1px solid rgba(255,255,255,0.12)' });
export const identityName = style({ fontWeight: 600 });
export const identityRole = style({ fontSize: vars.fontSize.small, color: '#9aa0b8' });
export const navSelect = style({ background: 'transparent', color: 'inherit', border: '1px solid rgba(255,255,255,0.2)', borderRadius: vars.radius.small, padding: '6px' });
export const signOutButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid rgba(255,255,255,0.2)',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
});

export const content = style({ minWidth: 0, padding: `${vars.space.xl} ${vars.space.xxl}`, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const pageTitle = style({ margin: 0, fontSize: vars.fontSize.headline, fontWeight: 700 });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.md, flexWrap: 'wrap' });
export const section = style({ background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const errorText = style({ margin: 0, color: vars.color.down, fontSize: vars.fontSize.caption });

export const tableWrap = style({ overflowX: 'auto', background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.caption });
globalStyle(`${table} th`, { textAlign: 'left', fontWeight: 600, color: vars.color.textMuted, padding: `${vars.space.md} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
globalStyle(`${table} td`, { padding: `${vars.space.md} ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' });
export const clickableRow = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.accentSoft }, '&[aria-selected="true"]': { background: vars.color.accentSoft } } });
export const amountCell = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

const badgeBase = style({ display: 'inline-block', padding: '2px 8px', borderRadius: vars.radius.pill, fontSize: vars.fontSize.small, fontWeight: 600, whiteSpace: 'nowrap' });
export const badge = styleVariants({
  neutral: [badgeBase, { background: vars.color.background, color: vars.color.textMuted }],
  good: [badgeBase, { background: vars.color.upSoft, color: vars.color.up }],
  warn: [badgeBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  bad: [badgeBase, { background: vars.color.downSoft, color: vars.color.down }],
});

export const split = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(360px, 460px)', gap: vars.space.lg, alignItems: 'start' });
export const panel = style({ position: 'sticky', top: vars.space.lg, background: vars.color.surface, borderRadius: vars.radius.medium, boxShadow: vars.shadow.card, padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const panelHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.sm} ${vars.space.lg}`, margin: 0, fontSize: vars.fontSize.caption });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, wordBreak: 'break-word' });
export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });
export const notice = style({ margin: 0, padding: vars.space.md, borderRadius: vars.radius.small, background: vars.color.warningSurface, color: vars.color.warningText, fontSize: vars.fontSize.caption });

export const smallButton = style({ minHeight: '36px', padding: `0 ${vars.space.lg}`, fontSize: vars.fontSize.caption });
export const dangerButton = style({ background: vars.color.down, color: vars.color.onAccent });
export const iconButton = style({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '36px', height: '36px', border: 'none', borderRadius: vars.radius.small, background: 'transparent', color: vars.color.textMuted, cursor: 'pointer' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.caption, color: vars.color.textMuted, fontWeight: 500 });
const controlBase = {
  minHeight: '40px',
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.caption,
} as const;
export const control = style(controlBase);
export const textarea = style({ ...controlBase, minHeight: '84px', padding: vars.space.md, resize: 'vertical' });
export const formGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md });
export const checkRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.caption, flexWrap: 'wrap' });

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(20, 23, 31, 0.5)', zIndex: 40 });
export const dialog = style({
  position: 'fixed',
  zIndex: 41,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100dvh - 32px)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const wideDialog = style({ width: 'min(1100px, calc(100vw - 32px))' });
export const dialogTitle = style({ margin: 0, fontSize: vars.fontSize.title, fontWeight: 600 });

export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flexWrap: 'wrap', fontSize: vars.fontSize.caption });
export const pageButton = style({
  minWidth: '36px',
  height: '36px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&[aria-current="page"]': { background: vars.color.accent, color: vars.color.onAccent, borderColor: vars.color.accent }, '&:disabled': { opacity: 0.5, cursor: 'default' } },
});

export const photos = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md });
export const thumb = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: 0, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.small, background: vars.color.background, cursor: 'zoom-in', overflow: 'hidden' });
export const thumbImage = style({ width: '100%', height: '160px', objectFit: 'contain', display: 'block' });
export const thumbPlaceholder = style({ height: '160px', display: 'flex', alignItems: 'center', justifyContent: 'center', color: vars.color.textMuted, fontSize: vars.fontSize.small, padding: vars.space.sm, textAlign: 'center' });
export const zoomStage = style({ width: '100%', height: 'min(70dvh, 720px)', background: '#0e1018', borderRadius: vars.radius.small, overflow: 'hidden' });
export const zoomImage = style({ maxWidth: '100%', maxHeight: 'min(70dvh, 720px)', display: 'block', margin: '0 auto' });

export const diffList = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2px', fontSize: vars.fontSize.small });
export const diffBefore = style({ color: vars.color.down, textDecoration: 'line-through' });
export const diffAfter = style({ color: vars.color.up, fontWeight: 600 });
