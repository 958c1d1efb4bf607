import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, padding: vars.space.lg });

export const profile = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.large,
  background: `linear-gradient(135deg, ${vars.color.accent}, #5a3fd6)`,
  color: vars.color.onAccent,
});
export const profileAvatar = style({
  width: '56px',
  height: '56px',
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.18)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
});
export const profileText = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const profileAccount = style({ fontSize: vars.fontSize.title, fontWeight: 700, fontVariantNumeric: 'tabular-nums' });
// The customer-service button docked at the right of the profile card (the screen has no header).
export const profileKefu = style({ marginLeft: 'auto', background: 'rgba(255,255,255,0.18)', color: vars.color.onAccent });
export const profileMeta = style({ fontSize: vars.fontSize.caption, opacity: 0.85 });

export const menu = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  background: vars.color.surface,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});
export const menuItem = style({ selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } } });
export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: '56px',
  padding: `0 ${vars.space.lg}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.body,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: { '&:active': { background: vars.color.background } },
});
export const menuIcon = style({ color: vars.color.accent, display: 'flex' });
export const menuLabel = style({ flex: 1 });
export const menuValue = style({ color: vars.color.textMuted, fontSize: vars.fontSize.caption });
export const menuChevron = style({ color: vars.color.textFaint, display: 'flex' });
export const logout = style({ color: vars.color.down, borderColor: vars.color.border });

export const radioRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '56px',
  padding: `0 ${vars.space.lg}`,
  cursor: 'pointer',
  fontSize: vars.fontSize.body,
});
export const radioInput = style({ width: '20px', height: '20px', accentColor: vars.color.accent, margin: 0 });
