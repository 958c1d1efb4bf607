import { Component, type ReactNode } from 'react';

/**
 * Keeps a chart failure (its lazily loaded chunk did not arrive offline, or the canvas
 * failed) inside the chart box: the figures around it stay usable, and `fallback` says so.
 */
export class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
