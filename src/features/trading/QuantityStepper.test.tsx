// Proves the quantity stepper moves by whole lots, and that holding a button repeats the
// step after 600 ms every 200 ms until the finger lifts (fake timers, no network).
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuantityStepper, repeatDelayMs, repeatIntervalMs } from './QuantityStepper.tsx';

function StepperWithState({ lot, initial }: { lot: number; initial: string }) {
  const [text, setText] = useState(initial);
  return <QuantityStepper text={text} onTextChange={setText} lot={lot} label="Quantity" invalid={false} />;
}

const renderStepper = (lot: number, initial: string) => {
  render(
    <I18nProvider i18n={i18n}>
      <StepperWithState lot={lot} initial={initial} />
    </I18nProvider>,
  );
  return { input: () => (screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value, up: screen.getByRole('button', { name: 'One lot more' }), down: screen.getByRole('button', { name: 'One lot less' }) };
};

describe('QuantityStepper', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a-tap-steps-one-lot-and-never-below-one-lot', () => {
    const stepper = renderStepper(25, '25');
    fireEvent.click(stepper.up);
    expect(stepper.input()).toBe('50');
    fireEvent.click(stepper.down);
    fireEvent.click(stepper.down);
    expect(stepper.input()).toBe('25');
  });

  it('a-typed-odd-quantity-snaps-to-whole-lots', () => {
    const stepper = renderStepper(25, '60');
    fireEvent.click(stepper.up);
    expect(stepper.input()).toBe('75');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '60' } });
    fireEvent.click(stepper.down);
    expect(stepper.input()).toBe('50');
  });

  it('holding-repeats-at-600ms-then-every-200ms-until-release', () => {
    const stepper = renderStepper(25, '25');
    fireEvent.pointerDown(stepper.up, { button: 0 });
    expect(stepper.input()).toBe('50');
    act(() => vi.advanceTimersByTime(repeatDelayMs - 1));
    expect(stepper.input()).toBe('50');
    act(() => vi.advanceTimersByTime(1));
    expect(stepper.input()).toBe('75');
    act(() => vi.advanceTimersByTime(repeatIntervalMs - 1));
    expect(stepper.input()).toBe('75');
    act(() => vi.advanceTimersByTime(1 + repeatIntervalMs * 2));
    expect(stepper.input()).toBe('150');
    fireEvent.pointerUp(stepper.up);
    act(() => vi.advanceTimersByTime(repeatIntervalMs * 5));
    expect(stepper.input()).toBe('150');
  });

  it('leaving-the-button-stops-the-repeat', () => {
    const stepper = renderStepper(10, '100');
    fireEvent.pointerDown(stepper.down, { button: 0 });
    // Press, the repeat at 600 ms, then two more 200 ms apart: four lots off 100.
    act(() => vi.advanceTimersByTime(repeatDelayMs + repeatIntervalMs * 2));
    expect(stepper.input()).toBe('60');
    fireEvent.pointerLeave(stepper.down);
    act(() => vi.advanceTimersByTime(repeatIntervalMs * 10));
    expect(stepper.input()).toBe('60');
  });
});
