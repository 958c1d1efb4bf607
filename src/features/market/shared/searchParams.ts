import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';

// Screen state that should survive a reload or be shareable (the stock code, the chart
// period, the open tab) lives in the URL's search params. The router parses values as
// JSON where it can, so "?code=500325" arrives as a number: read them back as text.

export function useSearchText(name: string): string | null {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const value = search[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** One of `allowed`, or `fallback` for a missing or unknown value (old links, typos). */
export function useSearchChoice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const value = useSearchText(name);
  return allowed.find((option) => option === value) ?? fallback;
}

/** Replaces one search param in place (no new history entry: switching tabs is not navigation). */
export function useSetSearchParam(): (name: string, value: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (name: string, value: string) => {
      void navigate({ to: '.', search: (previous: Record<string, unknown>) => ({ ...previous, [name]: value }), replace: true });
    },
    [navigate],
  );
}
