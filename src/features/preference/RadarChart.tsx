import { useId } from 'react';
import * as styles from './preference.css.ts';

// A radar (spider) chart in plain SVG: one spoke per axis from the top, clockwise; rings at
// 25, 50, 75 and 100; the polygon of the scores (0–100). Labels sit outside the rings, anchored
// by the side they are on; a long label wraps onto two lines. The figures themselves are in the
// page's table, which screen readers read instead (the SVG is one labelled image).

export interface RadarPoint {
  key: string;
  label: string;
  score: number;
}

const width = 340;
const height = 300;
const centre = { x: width / 2, y: height / 2 };
const radius = 98;
const rings = [25, 50, 75, 100];
/** Labels longer than this wrap at the space nearest their middle. */
const labelCharactersMax = 13;

function pointAt(index: number, count: number, distance: number) {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  return { x: centre.x + Math.cos(angle) * distance, y: centre.y + Math.sin(angle) * distance };
}

const pathOf = (points: readonly { x: number; y: number }[]) =>
  `${points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')} Z`;

function wrapped(label: string): string[] {
  if (label.length <= labelCharactersMax || !label.includes(' ')) return [label];
  const middle = label.length / 2;
  let split = -1;
  for (let index = 0; index < label.length; index++) {
    if (label[index] === ' ' && (split < 0 || Math.abs(index - middle) < Math.abs(split - middle))) split = index;
  }
  return [label.slice(0, split), label.slice(split + 1)];
}

export function RadarChart({ points, title, description }: { points: readonly RadarPoint[]; title: string; description: string }) {
  const id = useId();
  const count = points.length;
  const shape = points.map((point, index) => pointAt(index, count, (Math.max(0, Math.min(100, point.score)) / 100) * radius));
  return (
    <svg className={styles.radar} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-description`} data-testid="preference-radar-chart">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-description`}>{description}</desc>
      {rings.map((ring) => (
        <path key={ring} className={styles.radarRing} d={pathOf(points.map((_, index) => pointAt(index, count, (ring / 100) * radius)))} />
      ))}
      {points.map((point, index) => {
        const end = pointAt(index, count, radius);
        return <line key={point.key} className={styles.radarSpoke} x1={centre.x} y1={centre.y} x2={end.x} y2={end.y} />;
      })}
      <path className={styles.radarShape} d={pathOf(shape)} data-testid="preference-radar-shape" />
      {shape.map((point, index) => (
        <circle key={points[index]!.key} className={styles.radarPoint} cx={point.x} cy={point.y} r={3.5} />
      ))}
      {points.map((point, index) => {
        const at = pointAt(index, count, radius + 14);
        const side = Math.abs(at.x - centre.x) < 4 ? 'middle' : at.x > centre.x ? 'start' : 'end';
        const lines = wrapped(point.label);
        // Top labels grow upwards, bottom ones downwards, side ones around the spoke's end.
        const above = at.y < centre.y - radius / 2;
        const below = at.y > centre.y + radius / 2;
        // The score is one more line under the label.
        const extraLines = lines.length;
        const firstLineY = above ? at.y - extraLines * 14 - 2 : below ? at.y + 8 : at.y - (extraLines * 14) / 2 + 4;
        return (
          <text key={point.key} className={styles.radarLabel} x={at.x} y={firstLineY} textAnchor={side} data-axis={point.key}>
            {lines.map((line, lineIndex) => (
              <tspan key={lineIndex} x={at.x} dy={lineIndex === 0 ? 0 : 14}>
                {line}
              </tspan>
            ))}
            <tspan className={styles.radarScore} x={at.x} dy={14}>
              {point.score}
            </tspan>
          </text>
        );
      })}
    </svg>
  );
}
