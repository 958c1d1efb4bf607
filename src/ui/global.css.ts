import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html, body', {
  margin: 0,
  padding: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: 1.45,
  WebkitFontSmoothing: 'antialiased',
  WebkitTapHighlightColor: 'transparent',
  // Every number on screen (prices, balances, counts) lines up in columns.
  fontVariantNumeric: 'tabular-nums',
});

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
  fontVariantNumeric: 'tabular-nums',
});

globalStyle('a', { color: vars.color.accent, textDecoration: 'none' });

// The chart library's attribution link (lightweight-charts; its licence asks for it) is drawn
// 35×19 in a corner of every chart: give it a 44 px tap target like every other link.
globalStyle('a#tv-attr-logo', { minWidth: vars.size.touchTarget, minHeight: vars.size.touchTarget, display: 'flex', alignItems: 'flex-end' });

globalStyle(':focus-visible', { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' });

globalStyle('#root', {
  // Phones first; on a desktop the page is a centred column no wider than 750 px.
  maxWidth: vars.size.pageWidthMax,
  minHeight: '100dvh',
  margin: '0 auto',
  background: vars.color.background,
  position: 'relative',
});

// Korean breaks between words, not inside them.
globalStyle(':lang(ko)', { wordBreak: 'keep-all', overflowWrap: 'anywhere' });
