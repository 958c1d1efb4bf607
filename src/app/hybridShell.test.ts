// Proves the hybrid shell's back button: one press goes back, a second press within
// 1000 ms exits the app, a slower second press goes back again.
import { describe, expect, it, vi } from 'vitest';
import { createBackPressHandler, doubleBackPressWindowMs } from './hybridShell.ts';

describe('hybrid shell back button', () => {
  it('second-back-press-within-1000-ms-exits-the-app', () => {
    let now = 10_000;
    const goBack = vi.fn();
    const exitApp = vi.fn();
    const press = createBackPressHandler({ goBack, exitApp, now: () => now });
    press();
    expect(goBack).toHaveBeenCalledTimes(1);
    now += doubleBackPressWindowMs - 1;
    press();
    expect(exitApp).toHaveBeenCalledTimes(1);
    expect(goBack).toHaveBeenCalledTimes(1);
  });

  it('back-presses-further-apart-each-go-back', () => {
    let now = 0;
    const goBack = vi.fn();
    const exitApp = vi.fn();
    const press = createBackPressHandler({ goBack, exitApp, now: () => now });
    press();
    now += doubleBackPressWindowMs;
    press();
    expect(goBack).toHaveBeenCalledTimes(2);
    expect(exitApp).not.toHaveBeenCalled();
  });
});
