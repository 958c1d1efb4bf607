// Proves the back-office form grid: each field is a labelled box named after its field, a
// problem shows once the field holds text (or when the caller says, e.g. after a blur), and
// only the contract's first problem per field is kept.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormFieldGrid, useFieldProblems } from './FormFieldGrid.tsx';

const withI18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;
const labels = { code: 'Instrument code', opens_at: 'Opens (IST)' };

describe('FormFieldGrid', () => {
  it('keeps-the-first-problem-per-field-in-the-readers-language', () => {
    const checked = z.object({ code: z.string().min(2, 'account_required').regex(/^[A-Z]+$/, 'password_required') }).safeParse({ code: 'a' });
    const { result } = renderHook(() => useFieldProblems(checked), { wrapper: withI18n });
    expect([...result.current]).toEqual([['code', 'Enter your mobile number.']]);
  });

  it('shows-a-problem-once-the-field-holds-text-and-reports-changes', () => {
    const onChange = vi.fn();
    const problems = new Map([['code', 'Too short'], ['opens_at', 'Required']]);
    render(<FormFieldGrid labels={labels} values={{ code: 'A', opens_at: '' }} problems={problems} inputTypes={{ opens_at: 'datetime-local' }} onChange={onChange} />, { wrapper: withI18n });
    expect(screen.getByText('Too short')).toBeTruthy();
    expect(screen.queryByText('Required')).toBeNull();
    expect(screen.getByLabelText('Opens (IST)').getAttribute('type')).toBe('datetime-local');
    fireEvent.change(screen.getByLabelText('Instrument code'), { target: { value: 'AB' } });
    expect(onChange).toHaveBeenCalledWith('code', 'AB');
  });

  it('shows-problems-when-the-caller-says-and-reports-blurs', () => {
    const onBlur = vi.fn();
    render(
      <FormFieldGrid labels={labels} values={{ code: '', opens_at: '' }} problems={new Map([['opens_at', 'Required']])} onChange={() => {}} showsProblem={(field) => field === 'opens_at'} onBlur={onBlur} />,
      { wrapper: withI18n },
    );
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.blur(screen.getByLabelText('Instrument code'));
    expect(onBlur).toHaveBeenCalledWith('code');
  });
});
