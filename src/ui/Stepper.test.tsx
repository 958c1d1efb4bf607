// Proves the shared lots stepper: a side the caller's bounds forbid is disabled, each press
// asks the caller for one step, and the value is a polite live output under its test id.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from './Stepper.tsx';

describe('Stepper', () => {
  it('disables-the-side-the-bounds-forbid-and-steps-through-the-caller', () => {
    const onDecrease = vi.fn();
    const onIncrease = vi.fn();
    render(
      <Stepper label="Lots" fewerLabel="One lot fewer" moreLabel="One lot more" canDecrease={false} canIncrease onDecrease={onDecrease} onIncrease={onIncrease} testId="lots">
        1 lot
      </Stepper>,
    );
    expect(screen.getByRole('group', { name: 'Lots' })).toBeTruthy();
    const fewer = screen.getByRole('button', { name: 'One lot fewer' }) as HTMLButtonElement;
    const more = screen.getByRole('button', { name: 'One lot more' }) as HTMLButtonElement;
    expect(fewer.disabled).toBe(true);
    fireEvent.click(fewer);
    fireEvent.click(more);
    expect(onDecrease).not.toHaveBeenCalled();
    expect(onIncrease).toHaveBeenCalledTimes(1);
    const value = screen.getByTestId('lots');
    expect(value.tagName).toBe('OUTPUT');
    expect(value.getAttribute('aria-live')).toBe('polite');
    expect(value.textContent).toBe('1 lot');
  });
});
