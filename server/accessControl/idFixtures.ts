import type { Database } from '../db/database.ts';
import type { TestUser } from '../testing/userKit.ts';
import { newKey, type ObjectKind, type OwnershipWorld, worldFundPassword } from './ownershipWorld.ts';

// One line per id field of the contract that names something a user owns: which kind of
// object it names, who sends it (a verified user gets past every rule but ownership; a new
// user is needed where the form is one a verified user may no longer send), and the request
// around the id. The other fields of the request are the sender's own, valid values.

export interface IdFixture {
  kind: ObjectKind;
  sender: 'verified' | 'new';
  body(id: string, context: { world: OwnershipWorld; sender: TestUser }): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** The questions an attempt asked, so the answers fit the attempt whoever sends them. */
async function answersFor(db: Database, attemptId: string) {
  const [row] = await db.query<{ question_ids: string[] }>('SELECT question_ids FROM course_exam_attempts WHERE id = $1', [attemptId]);
  return (row?.question_ids ?? ['q-none']).map((question_id) => ({ question_id, choice: 0 }));
}

export const idFixtures: Record<string, IdFixture> = {
  'order/cancel order_no': { kind: 'pendingOrder', sender: 'verified', body: (id) => ({ order_no: id, idempotency_key: newKey('cancel') }) },
  'order/close order_no': { kind: 'position', sender: 'verified', body: (id) => ({ order_no: id, idempotency_key: newKey('close') }) },
  'order/detail order_no': { kind: 'pendingOrder', sender: 'verified', body: (id) => ({ order_no: id }) },
  'user/messageRead id': { kind: 'message', sender: 'verified', body: (id) => ({ id }) },
  'user/kycSubmit front_upload_id': {
    kind: 'kycFrontUpload', sender: 'new',
    body: async (id, { world, sender }) => ({ name: 'Imran Qureshi', id_type: 'pan', id_number: 'ABCDE1234F', front_upload_id: id, back_upload_id: await world.make('kycBackUpload', sender) }),
  },
  'user/kycSubmit back_upload_id': {
    kind: 'kycBackUpload', sender: 'new',
    body: async (id, { world, sender }) => ({ name: 'Imran Qureshi', id_type: 'pan', id_number: 'ABCDE1234F', front_upload_id: await world.make('kycFrontUpload', sender), back_upload_id: id }),
  },
  'user/deleteBankCard id': { kind: 'card', sender: 'verified', body: (id) => ({ id }) },
  'user/deposit receipt_upload_id': {
    kind: 'receiptUpload', sender: 'verified',
    body: (id, { world }) => ({ channel_id: world.channelId, amount: '6000.00', reference: `UTR${Date.now()}`, receipt_upload_id: id, idempotency_key: newKey('deposit') }),
  },
  'user/withdraw card_id': { kind: 'card', sender: 'verified', body: (id) => ({ amount: '100.00', card_id: id, fund_password: worldFundPassword, idempotency_key: newKey('withdraw') }) },
  'user/deleteNominee id': { kind: 'nominee', sender: 'verified', body: (id) => ({ id }) },
  'user/setAvatar upload_id': { kind: 'avatarUpload', sender: 'verified', body: (id) => ({ upload_id: id }) },
  'fx/convert quote_id': { kind: 'fxQuote', sender: 'verified', body: (id) => ({ quote_id: id, idempotency_key: newKey('convert') }) },
  'loan/repay loan_id': { kind: 'loan', sender: 'verified', body: (id) => ({ loan_id: id, amount: '10.00', idempotency_key: newKey('repay') }) },
  'loan/detail loan_id': { kind: 'loan', sender: 'verified', body: (id) => ({ loan_id: id, page: 1 }) },
  'pledge/request positions[]': { kind: 'position', sender: 'verified', body: (id) => ({ positions: [id], amount: '10000.00', idempotency_key: newKey('pledge') }) },
  'pledge/release pledge_id': { kind: 'pledge', sender: 'verified', body: (id) => ({ pledge_id: id }) },
  'ipo/withdraw application_id': { kind: 'ipoApplication', sender: 'verified', body: (id) => ({ application_id: id, idempotency_key: newKey('ipo-withdraw') }) },
  'placement/withdraw application_id': { kind: 'placementApplication', sender: 'verified', body: (id) => ({ application_id: id, idempotency_key: newKey('rights-withdraw') }) },
  'fund/redeem holding_id': { kind: 'fundHolding', sender: 'verified', body: (id) => ({ holding_id: id, units: '1.0000', idempotency_key: newKey('redeem') }) },
  'user/endSession id': { kind: 'session', sender: 'verified', body: (id) => ({ id }) },
  'exam/submit attempt_id': { kind: 'examAttempt', sender: 'verified', body: async (id, { world }) => ({ attempt_id: id, answers: await answersFor(world.db, id) }) },
};
