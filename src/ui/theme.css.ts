import { createGlobalTheme } from '@vanilla-extract/css';

// Design tokens. One accent colour (a deep indigo, distinct from the market's up/down
// colours so a button never reads as a price move); Indian convention for direction:
// green is up, red is down. Every text colour here reaches 4.5:1 (WCAG AA) on surface,
// background and its own soft tint, so small grey labels and green/red figures stay readable
// (tests/e2e/layout-a11y.test.ts measures it on the live screens).
/** The colours as plain values (the theme below turns them into CSS variables); src/ui/contrast.test.ts checks their pairs. */
export const palette = {
  accent: '#3b4bdb',
  accentPressed: '#2f3cb3',
  accentSoft: '#eef0fd',
  onAccent: '#ffffff',
  up: '#067a4b',
  upSoft: '#e6f6ef',
  down: '#c42f2f',
  downSoft: '#fdecec',
  text: '#14171f',
  textMuted: '#5d6473',
  textFaint: '#666d7c',
  surface: '#ffffff',
  background: '#f4f5f8',
  border: '#e3e6ec',
  skeleton: '#e9ebf0',
  warningText: '#7a4b00',
  warningSurface: '#fff4dc',
  overlay: 'rgba(20, 23, 31, 0.88)',
};

export const vars = createGlobalTheme(':root', {
  color: palette,
  font: {
    body: '"Inter", "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK TC", "Noto Sans KR", system-ui, sans-serif',
  },
  fontSize: {
    small: '13px',
    caption: '14px',
    body: '16px',
    title: '18px',
    headline: '22px',
    display: '28px',
  },
  space: {
    xs: '4px',
    sm: '8px',
    md: '12px',
    lg: '16px',
    xl: '24px',
    xxl: '32px',
  },
  radius: {
    small: '8px',
    medium: '12px',
    large: '16px',
    pill: '999px',
  },
  size: {
    touchTarget: '44px',
    headerHeight: '52px',
    tabBarHeight: '58px',
    pageWidthMax: '750px',
  },
  shadow: {
    card: '0 1px 2px rgba(20, 23, 31, 0.06), 0 4px 16px rgba(20, 23, 31, 0.05)',
    floating: '0 6px 20px rgba(59, 75, 219, 0.35)',
  },
});

/** Fixed elements stay inside the centred, width-capped page on desktop. */
export const pageEdgeInset = `max(0px, calc((100vw - ${vars.size.pageWidthMax}) / 2))`;
