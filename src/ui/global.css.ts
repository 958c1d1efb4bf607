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
