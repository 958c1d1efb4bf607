// Proves the stored language maps to the right catalog, unknown values fall back to
// English, and server messages read in the chosen language.
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { activateLocale, changeLocale, localeState } from './activateLocale.ts';
import { languageStorageKey, localeFromStoredValue, readStoredLocale } from './locale.ts';
import { serverMessages, translateServerMessage } from './serverMessages.ts';

describe('language choice', () => {
  it('stored-yd-falls-back-to-english', () => {
    localStorage.setItem(languageStorageKey, 'yd');
    expect(readStoredLocale()).toBe('en');
  });

  it('stored-tw-reads-traditional-chinese', () => {
    localStorage.setItem(languageStorageKey, 'tw');
    expect(readStoredLocale()).toBe('zh-Hant');
  });

  it('stored-ko-reads-korean-and-nothing-stored-reads-english', () => {
    expect(localeFromStoredValue('ko')).toBe('ko');
    expect(localeFromStoredValue(null)).toBe('en');
    expect(localeFromStoredValue('zh-Hant')).toBe('en');
  });

  it('choosing-traditional-chinese-stores-tw-and-translates-server-messages', async () => {
    await changeLocale('zh-Hant');
    expect(localStorage.getItem(languageStorageKey)).toBe('tw');
    expect(localeState.locale).toBe('zh-Hant');
    expect(translateServerMessage('account_frozen')).toBe('您的帳戶已被凍結，請聯絡客服。');
    expect(translateServerMessage('invalid_field:account')).toBe('請檢查欄位：手機號碼');
  });

  it('korean-server-message-keeps-its-number-placeholder', async () => {
    await activateLocale('ko');
    expect(translateServerMessage('password_too_short')).toBe('비밀번호는 8자 이상이어야 합니다.');
  });

  it('message-missing-from-a-catalog-falls-back-to-english', () => {
    i18n.loadAndActivate({ locale: 'ko', messages: {} });
    expect(i18n._(serverMessages.account_frozen)).toBe('Your account is frozen. Please contact customer service.');
  });
});
