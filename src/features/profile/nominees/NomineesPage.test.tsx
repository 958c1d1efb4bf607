// Proves the nominees screen lists nominees with the shares assigned, adds one with every
// field and the accepted terms, removes one only after confirmation, offers the form (with
// the terms) when there are none, and shows a refusal in the user's words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { recording } from '../../market/testing/marketFixtures.ts';
import { NomineesPage } from './NomineesPage.tsx';

type NomineeList = ResponseOf<'user/nomineeList'>;

const ananya = { id: '7', relationship: 'spouse' as const, name: 'Ananya Sharma', id_type: 'pan' as const, id_number_masked: '••••••234F', phone: '9876543210', share: 60, created_at: '2026-11-01T00:00:00.000Z' };
const withAnanya: NomineeList = { items: [ananya], share_total: 60, share_remaining: 40 };
const empty: NomineeList = { items: [], share_total: 0, share_remaining: 100 };

function fillForm(values: { relationship: string; name: string; id: string; phone: string; share: string }) {
  fireEvent.change(screen.getByLabelText('Relationship'), { target: { value: values.relationship } });
  fireEvent.change(screen.getByLabelText('Full name (as on the ID)'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('PAN or Aadhaar number'), { target: { value: values.id } });
  fireEvent.change(screen.getByLabelText("Nominee's mobile number"), { target: { value: values.phone } });
  fireEvent.change(screen.getByLabelText('Share (%)'), { target: { value: values.share } });
}

describe('NomineesPage', () => {
  it('lists-nominees-with-the-shares-assigned', async () => {
    server.use(answerOk('user/nomineeList', withAnanya));
    renderPage(NomineesPage, '/information/beneficiary');
    const card = await screen.findByTestId('nominee');
    expect(within(card).getByText('Ananya Sharma')).toBeTruthy();
    expect(within(card).getByText('Spouse')).toBeTruthy();
    expect(within(card).getByText('••••••234F')).toBeTruthy();
    expect(screen.getByTestId('share-total').textContent).toBe('60% / 100%');
    expect(screen.getByText('You can still assign 40%.')).toBeTruthy();
  });

  it('adds-a-nominee-with-every-field-and-the-accepted-terms', async () => {
    const add = recording('user/addNominee', () => ({ items: [ananya, { ...ananya, id: '8', name: 'Rohan Sharma', relationship: 'son', share: 40 }], share_total: 100, share_remaining: 0 }));
    server.use(answerOk('user/nomineeList', withAnanya), add.handler);
    renderPage(NomineesPage, '/information/beneficiary');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a nominee' }));
    expect(screen.getByTestId('nominee-terms')).toBeTruthy();
    fillForm({ relationship: 'son', name: 'Rohan Sharma', id: 'abcpe1234g', phone: '98765 43211', share: '40' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Save nominee' }));
    await waitFor(() => expect(screen.getAllByTestId('nominee')).toHaveLength(2));
    expect(add.bodies).toEqual([{ relationship: 'son', name: 'Rohan Sharma', id_number: 'abcpe1234g', phone: '9876543211', share: 40, accept_terms: true }]);
    expect(screen.getByText('Nominee added.')).toBeTruthy();
    expect(screen.getByText('All 100% is assigned. To add another nominee, first remove one.')).toBeTruthy();
  });

  it('removes-a-nominee-only-after-confirmation', async () => {
    const remove = recording('user/deleteNominee', () => empty);
    server.use(answerOk('user/nomineeList', withAnanya), remove.handler);
    renderPage(NomineesPage, '/information/beneficiary');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ananya Sharma' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ananya Sharma as a nominee?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove.bodies).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Ananya Sharma' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No nominees yet')).toBeTruthy();
    expect(remove.bodies).toEqual([{ id: '7' }]);
  });

  it('with-no-nominees-the-form-and-its-terms-are-shown-at-once', async () => {
    server.use(answerOk('user/nomineeList', empty));
    renderPage(NomineesPage, '/information/beneficiary');
    expect(await screen.findByText('No nominees yet')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Add a nominee' })).toBeTruthy();
    expect(screen.getByTestId('nominee-terms').textContent).toContain('A nominee is a person you name to receive the holdings');
    expect((screen.getByLabelText('Share (%)') as HTMLInputElement).value).toBe('100');
  });

  it('a-share-past-100-is-refused-in-words-with-what-is-left', async () => {
    server.use(answerOk('user/nomineeList', withAnanya), answerRefusal('user/addNominee', 'nominee_shares_exceed_100:40'));
    renderPage(NomineesPage, '/information/beneficiary');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a nominee' }));
    fillForm({ relationship: 'son', name: 'Rohan Sharma', id: 'ABCPE1234G', phone: '9876543211', share: '50' });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Save nominee' }));
    expect(await screen.findByText('Nominee shares cannot add up to more than 100%. You can assign at most 40% more.')).toBeTruthy();
    // What the user typed stays, to correct one field.
    expect((screen.getByLabelText('Full name (as on the ID)') as HTMLInputElement).value).toBe('Rohan Sharma');
  });

  it('a-refusal-reads-in-the-users-language', async () => {
    await activateLocale('ko');
    server.use(answerOk('user/nomineeList', empty), answerRefusal('user/addNominee', 'nominee_terms_not_accepted'));
    renderPage(NomineesPage, '/information/beneficiary');
    fireEvent.click(await screen.findByRole('button', { name: '수익자 저장' }));
    expect(await screen.findByText('지정 수익자 이용 약관에 동의해 주세요.')).toBeTruthy();
  });
});
