// Proves every message kind in contract/notifications.ts reads as its own sentence with its
// parameters in it, in every language — so a kind added to the contract later without a
// sentence here fails this test — and that an unknown kind still reads sensibly.
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationKinds, notificationParams } from '../../../../contract/notifications.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { appLocales } from '../../../i18n/locale.ts';
import { notificationSentence, notificationSentences, orderLinkOf } from './notificationText.ts';

/** Rupee parameters: `amount`, `price`, and the named amounts of an allotment (`amount_paid`, `amount_released`). */
const isMoney = (name: string) => name === 'amount' || name === 'price' || name.startsWith('amount_');

/** Parameters for a kind, built from its schema, so a new parameter is exercised too. */
function sampleParams(kind: (typeof notificationKinds)[number]): Record<string, unknown> {
  const shape = notificationParams[kind].shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => {
      if (schema instanceof z.ZodEnum) return [name, schema.options[0]];
      if (schema instanceof z.ZodNumber) return [name, 300];
      if (isMoney(name)) return [name, '2456.35'];
      if (name === 'order_no') return [name, '4711'];
      return [name, `Sample ${name}`];
    }),
  );
}

const fallback = 'You have a new message. Update the app to read it.';

describe('message sentences', () => {
  it.each(notificationKinds)('%s has a sentence of its own with its parameters', async (kind) => {
    await activateLocale('en');
    expect(Object.hasOwn(notificationSentences, kind)).toBe(true);
    const params = sampleParams(kind);
    const sentence = notificationSentence(kind, params, i18n, 'en');
    expect(sentence).not.toBe(fallback);
    for (const [name, value] of Object.entries(params)) {
      // Numbers and ids the message links by (an order, an IPO, a placement) need not be read out.
      // A currency reads as its amount's sign (₹, ₩), not as its code.
      if (name === 'order_no' || name.endsWith('_id') || name === 'side' || name === 'restriction' || name === 'currency') continue;
      expect(sentence, name).toContain(isMoney(name) ? '₹2,456.35' : String(value));
    }
  });

  it.each(appLocales.filter((locale) => locale !== 'en'))('every-sentence-is-translated-into-%s', async (locale) => {
    await activateLocale('en');
    const english = notificationKinds.map((kind) => notificationSentence(kind, sampleParams(kind), i18n, 'en'));
    await activateLocale(locale);
    const translated = notificationKinds.map((kind) => notificationSentence(kind, sampleParams(kind), i18n, locale));
    translated.forEach((sentence, index) => expect(sentence, notificationKinds[index]).not.toBe(english[index]));
  });

  it('a-margin-call-says-the-position-was-closed-at-the-maintenance-level-and-links-to-the-order', async () => {
    await activateLocale('en');
    expect(notificationSentence('margin_call', { order_no: '4711', code: 'INFY' }, i18n, 'en')).toBe(
      'Your position in INFY was closed automatically: its equity fell to the maintenance level.',
    );
    expect(orderLinkOf('margin_call', { order_no: '4711', code: 'INFY' })).toBe('4711');
    expect(orderLinkOf('deposit_approved', { amount: '1.00' })).toBeNull();
  });

  it('restrictions-and-sides-are-words-not-codes', async () => {
    await activateLocale('en');
    expect(notificationSentence('account_restricted', { restriction: 'trade_barred', reason: 'Compliance hold' }, i18n, 'en')).toContain('Trading barred');
    expect(notificationSentence('order_filled', { order_no: '1', code: 'TCS', side: 'short', quantity: 100, price: '10.00' }, i18n, 'en')).toContain('sell (short)');
  });

  it('a-kind-this-app-does-not-know-reads-as-a-general-message', async () => {
    await activateLocale('en');
    expect(notificationSentence('loan_approved', {}, i18n, 'en')).toBe(fallback);
  });
});
