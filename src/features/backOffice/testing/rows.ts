import type { ResponseOf } from '../../../../contract/api.ts';

// Rows as the server sends them, with defaults a test overrides where its scenario needs.

type KycRow = ResponseOf<'admin/kyc/list'>['items'][number];
type DepositRow = ResponseOf<'admin/deposits/list'>['items'][number];
type WithdrawalRow = ResponseOf<'admin/withdrawals/list'>['items'][number];

export const kycRow = (overrides: Partial<KycRow> = {}): KycRow => ({
  id: '11',
  user_id: '501',
  account: '9000000001',
  name: 'Priya Sharma',
  id_type: 'pan',
  id_number: 'ABCDE1234F',
  front_upload_id: '901',
  back_upload_id: '902',
  status: 'under_review',
  reason: null,
  reviewer: null,
  submitted_at: '2026-11-23T04:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

export const depositRow = (overrides: Partial<DepositRow> = {}): DepositRow => ({
  id: '21',
  user_id: '501',
  account: '9000000001',
  amount: '25000.00',
  channel_name: 'HDFC collection',
  reference: 'UTR123456789',
  receipt_upload_id: '903',
  status: 'pending',
  reason: null,
  needs_second_approver: false,
  first_approver: null,
  reviewer: null,
  created_at: '2026-11-23T05:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});

export const withdrawalRow = (overrides: Partial<WithdrawalRow> = {}): WithdrawalRow => ({
  id: '31',
  user_id: '501',
  account: '9000000001',
  amount: '350000.00',
  card: { holder_name: 'Priya Sharma', bank_name: 'State Bank of India', account_no_masked: '•••• 4821', ifsc: 'SBIN0001234', branch: 'Fort, Mumbai' },
  status: 'pending',
  reason: null,
  bank_reference: null,
  needs_second_approver: true,
  first_approver: null,
  reviewer: null,
  created_at: '2026-11-23T06:00:00.000Z',
  reviewed_at: null,
  ...overrides,
});
