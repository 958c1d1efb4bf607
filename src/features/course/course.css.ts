import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

// The courseware's own pieces: the progress bar, the lesson rows, the reader's text and
// countdown, the exam's options and the marks of a graded question. Cards, badges and notices
// come from the funding styles.

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const progressTrack = style({ width: '100%', height: '8px', borderRadius: vars.radius.pill, overflow: 'hidden', background: vars.color.background });
export const progressFill = style({ height: '100%', background: vars.color.accent, transition: 'width 200ms ease' });
export const progressText = style({ ...numeric, margin: 0, fontSize: vars.fontSize.caption, color: vars.color.textMuted });

export const lessonList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const lessonLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '64px',
  padding: vars.space.md,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
  color: 'inherit',
  textDecoration: 'none',
});
const markBase = style({ ...numeric, flexShrink: 0, width: '32px', height: '32px', borderRadius: vars.radius.pill, display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: vars.fontSize.caption });
export const lessonMark = styleVariants({
  not_started: [markBase, { background: vars.color.background, color: vars.color.textMuted }],
  reading: [markBase, { background: vars.color.warningSurface, color: vars.color.warningText }],
  studied: [markBase, { background: vars.color.upSoft, color: vars.color.up }],
});
export const lessonBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, flex: 1 });
export const lessonTitle = style({ fontWeight: 600, fontSize: vars.fontSize.body });
export const lessonSummary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const reader = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const readerTitle = style({ margin: 0, fontSize: vars.fontSize.headline, fontWeight: 700, lineHeight: 1.3 });
export const paragraph = style({ margin: 0, fontSize: vars.fontSize.body, lineHeight: 1.6, color: vars.color.text });
export const countdown = style({ ...numeric, fontSize: vars.fontSize.display, fontWeight: 700, margin: 0 });

export const question = style({ border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
// Floated, a legend lays out as the fieldset's first line instead of sitting on its border.
export const questionText = style({ float: 'left', width: '100%', fontWeight: 600, fontSize: vars.fontSize.body, lineHeight: 1.45, padding: 0, margin: `0 0 ${vars.space.xs}` });
export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  cursor: 'pointer',
  fontSize: vars.fontSize.caption,
  lineHeight: 1.4,
  selectors: { '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.accentSoft } },
});
export const radio = style({ width: '20px', height: '20px', accentColor: vars.color.accent, margin: 0, flexShrink: 0 });

export const score = style({ ...numeric, margin: 0, fontSize: vars.fontSize.display, fontWeight: 700 });
export const resultMark = styleVariants({
  right: { color: vars.color.up, fontWeight: 600, fontSize: vars.fontSize.small, margin: 0 },
  wrong: { color: vars.color.down, fontWeight: 600, fontSize: vars.fontSize.small, margin: 0 },
});
export const answerLine = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted, lineHeight: 1.4 });
export const buttonRow = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
