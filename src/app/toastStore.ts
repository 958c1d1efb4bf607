import { proxy } from 'valtio';

// Short messages over the page. Anything (the command bus included) may raise one;
// <Toasts /> in the app shell renders them.

export const toastDurationMs = 2000;
const visibleToastsMax = 3;

export type ToastTone = 'error' | 'info' | 'success';
export type Toast = { id: number; text: string; tone: ToastTone };

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });
let nextToastId = 1;

export function showToast(text: string, options: { tone?: ToastTone; durationMs?: number } = {}): void {
  const toast: Toast = { id: nextToastId++, text, tone: options.tone ?? 'error' };
  // The same text twice in a row (e.g. several calls failing together) shows once.
  if (toastState.toasts.some((shown) => shown.text === text)) return;
  toastState.toasts = [...toastState.toasts, toast].slice(-visibleToastsMax);
  setTimeout(() => dismissToast(toast.id), options.durationMs ?? toastDurationMs);
}

export function dismissToast(id: number): void {
  toastState.toasts = toastState.toasts.filter((toast) => toast.id !== id);
}

export function clearToasts(): void {
  toastState.toasts = [];
}
