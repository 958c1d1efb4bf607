// Proves every statement reason kind in contract/statementReasons.ts (enumerated, so a kind
// added later without a sentence or a translation fails here) reads as its own sentence with
// its parameters and money formatted by its currency (₹9,99,765.97, Indian grouping in every
// language), in Korean and Traditional Chinese as well as English; that the catalog ids are the
// ones the server reads the CSV sentences by; and that an unknown kind still reads sensibly.
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { statementMessageId, statementMessageKeys, statementReasonKinds } from '../../contract/statementReasons.ts';
import { sampleMoneyText, sampleStatementParams } from '../../contract/testing/statementReasonSamples.ts';
import { activateLocale } from './activateLocale.ts';
import { type AppLocale, appLocales } from './locale.ts';
import { statementLineSentence, statementMessages } from './statementReasons.ts';

const sentencesIn = async (locale: AppLocale) => {
  await activateLocale(locale);
  return statementReasonKinds.map((kind) => statementLineSentence({ reason_kind: kind, reason_params: sampleStatementParams(kind) }, i18n));
};

describe('statement sentences', () => {
  it('every-catalog-entry-has-the-id-the-server-reads-it-by', () => {
    for (const key of statementMessageKeys) expect(statementMessages[key].id, key).toBe(statementMessageId(key));
  });

  it('every-kind-reads-in-english-with-its-parameters-and-the-amount-as-money', async () => {
    const english = await sentencesIn('en');
    english.forEach((sentence, index) => {
      const kind = statementReasonKinds[index]!;
      expect(sentence, kind).toContain(sampleMoneyText);
      expect(sentence, kind).not.toMatch(/[{}]|paise|Ledger entry/);
      for (const [name, value] of Object.entries(sampleStatementParams(kind))) {
        if (typeof value === 'string' && name !== 'side') expect(sentence, `${kind}.${name}`).toContain(value);
      }
    });
    expect(english[statementReasonKinds.indexOf('order_filled')]).toBe(`Order 4711: buy (long) 300 Sample code filled at ${sampleMoneyText}`);
  });

  it.each(appLocales.filter((locale) => locale !== 'en'))('every-kind-is-translated-into-%s-with-the-amount-grouped-the-indian-way', async (locale) => {
    const english = await sentencesIn('en');
    const translated = await sentencesIn(locale);
    const script = locale === 'ko' ? /[\uac00-\ud7a3]/ : /[\u4e00-\u9fff]/;
    translated.forEach((sentence, index) => {
      const kind = statementReasonKinds[index]!;
      expect(sentence, kind).not.toBe(english[index]);
      expect(sentence, kind).toMatch(script);
      expect(sentence, kind).toContain(sampleMoneyText);
      expect(sentence, kind).not.toMatch(/[{}]/);
    });
  });

  it('a-kind-this-app-does-not-know-or-parameters-that-do-not-fit-read-as-a-general-entry', async () => {
    await activateLocale('en');
    const general = 'Ledger entry: update the app to read its details';
    expect(statementLineSentence({ reason_kind: 'loan_disbursed', reason_params: {} }, i18n)).toBe(general);
    expect(statementLineSentence({ reason_kind: 'order_cancelled', reason_params: { order_no: '1', amount: '10.00' } }, i18n)).toBe(general);
  });
});
