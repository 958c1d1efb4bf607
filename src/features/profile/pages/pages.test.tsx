// Proves the static pages say plainly that the service is not a registered broker unless a
// registration number is configured (then show it, claiming nothing more), that the FAQ
// repeats the server's published fees and funding rules rather than fixed numbers, that the
// customer-service centre offers the configured contact and hours, and that settings sign out.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../../contract/api.ts';
import { siteConfigState } from '../../../app/siteConfigStore.ts';
import { activateLocale } from '../../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { marketStatusAnswer, recording } from '../../market/testing/marketFixtures.ts';
import { startSession } from '../../auth/sessionStore.ts';
import { AboutAppPage, AboutUsPage } from './AboutPages.tsx';
import { AgreementPage } from './AgreementPage.tsx';
import { CustomerServicePage } from './CustomerServicePage.tsx';
import { FaqPage } from './FaqPage.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';
import { SettingsPage } from './SettingsPage.tsx';

const configure = (values: Record<string, string>) => {
  siteConfigState.values = { title: 'Ledgerline', kefu: '#/home/kefuCenter', broker_registration_number: '', demo_mode: '1', currency: 'INR', ...values };
  siteConfigState.status = 'ready';
};

const rules: ResponseOf<'trade/rules'> = {
  leverages: [1, 2, 5],
  defaultLot: 100,
  serviceFeeBps: 7,
  stampDutyBps: 2,
  sellingFeeBps: 125,
  vip: false,
  blockTrade: { minimum: '10000000.00', serviceFeeBps: 1, stampDutyBps: 10, sellingFeeBps: 5 },
  feeRounding: 'half_up_paise',
  sellAfterMinutes: 30,
  lockDays: 1,
  maintenanceMarginPercent: 25,
};

beforeEach(() => configure({}));

describe('registration status', () => {
  it.each([
    ['about-us', AboutUsPage],
    ['agreement', AgreementPage],
    ['privacy-policy', PrivacyPage],
  ])('%s-says-it-is-not-a-registered-broker-without-a-number', async (_name, Page) => {
    server.use(marketStatusAnswer);
    renderPage(Page, '/page');
    expect((await screen.findByTestId('registration-notice')).textContent).toContain('Ledgerline is not a registered broker.');
  });

  it('a-configured-number-is-shown-as-stated-by-the-firm', async () => {
    configure({ broker_registration_number: 'INZ000123456' });
    server.use(marketStatusAnswer);
    renderPage(AboutAppPage, '/information/aboutInfo');
    expect((await screen.findByTestId('about-registration')).textContent).toBe('INZ000123456');
    const notice = screen.getByTestId('registration-notice').textContent ?? '';
    expect(notice).toContain('INZ000123456');
    expect(notice).not.toContain('not a registered broker');
  });

  it('about-us-labels-the-price-source-and-play-money', async () => {
    server.use(marketStatusAnswer);
    renderPage(AboutUsPage, '/information/aboutUs');
    expect(await screen.findByText(/Simulated/)).toBeTruthy();
    expect(screen.getByText(/every balance, deposit and profit in it is play money/)).toBeTruthy();
    expect(screen.getByText(/open-source software/)).toBeTruthy();
  });

  it('the-agreement-reads-in-korean', async () => {
    await activateLocale('ko');
    renderPage(AgreementPage, '/information/agreement');
    expect((await screen.findByTestId('registration-notice')).textContent).toContain('Ledgerline은 등록된 증권사가 아닙니다.');
  });
});

describe('FaqPage', () => {
  it('repeats-the-published-fees-lock-up-and-funding-rules', async () => {
    server.use(
      answerOk('trade/rules', rules),
      answerOk('user/depositInfo', { minimum: '5000.00', window: { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' }, open_now: true, pending: null, channels: [] }),
      answerOk('user/withdrawInfo', {
        withdrawable: '0.00',
        minimum: '100.00',
        window: { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' },
        arrival_hours: { from: 2, to: 48 },
        rules: { kyc_verified: false, card_bound: false, fund_password_set: false, within_window: false, not_barred: true, no_operation_in_progress: true },
      }),
    );
    renderPage(FaqPage, '/information/faq');
    const fees = await screen.findByTestId('faq-fees');
    expect(fees.textContent).toContain('Service fee: 0.07%');
    expect(fees.textContent).toContain('Stamp duty: 0.02%');
    expect(fees.textContent).toContain('Transaction tax: 1.25%');
    expect(screen.getByText(/falls to 25% of its margin/)).toBeTruthy();
    expect(screen.getByTestId('faq-lock-up').textContent).toContain('closed 30 minutes after it is filled');
    expect(screen.getByTestId('faq-lock-up').textContent).toContain('T+1');
    expect(screen.getByTestId('faq-deposit-rules').textContent).toBe('Minimum deposit: ₹5,000.00. Deposits can be reported every day, 00:00–23:59 IST.');
    expect(screen.getByTestId('faq-withdraw-rules').textContent).toBe(
      'Minimum withdrawal: ₹100.00. Requests are accepted Mon – Fri, 09:30–15:30 IST. Once paid, the money usually arrives within 2–48 hours.',
    );
  });

  it('without-funding-rules-on-the-server-it-points-to-the-screens-and-a-rules-failure-offers-retry', async () => {
    server.use(answerRefusal('trade/rules', 'system_busy'), answerRefusal('user/depositInfo', 'not_found'), answerRefusal('user/withdrawInfo', 'not_found'));
    renderPage(FaqPage, '/information/faq');
    expect((await screen.findAllByText('The trading rules could not be loaded.')).length).toBe(4);
    expect(screen.getByText('The minimum amount and the hours are shown on the Deposit screen.')).toBeTruthy();
    server.use(answerOk('trade/rules', rules));
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByTestId('faq-fees')).toBeTruthy();
  });
});

describe('CustomerServicePage', () => {
  it('offers-the-configured-contact-and-hours', async () => {
    configure({ kefu: 'https://support.example.com/chat', kefu_hours: 'Mon–Sat 09:00–18:00 IST' });
    renderPage(CustomerServicePage, '/home/kefuCenter');
    expect(await screen.findByRole('button', { name: 'Contact customer service' })).toBeTruthy();
    expect(screen.getByTestId('kefu-hours').textContent).toBe('Hours: Mon–Sat 09:00–18:00 IST');
    expect(screen.getByRole('link', { name: /Frequently asked questions/ })).toBeTruthy();
  });

  it('with-no-contact-configured-it-says-so-rather-than-linking-to-itself', async () => {
    renderPage(CustomerServicePage, '/home/kefuCenter');
    expect((await screen.findByTestId('no-contact')).textContent).toContain('has not configured a chat or contact link');
    expect(screen.getByTestId('kefu-hours').textContent).toBe('Opening hours have not been published.');
    expect(screen.queryByRole('link', { name: /Your messages/ })).toBeNull();
  });

  it('a-signed-in-user-is-pointed-to-their-messages-and-activity', async () => {
    startSession('token-1', '9000000001');
    renderPage(CustomerServicePage, '/home/kefuCenter');
    expect(await screen.findByRole('link', { name: /Your messages/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Account activity/ })).toBeTruthy();
  });
});

describe('SettingsPage', () => {
  it('links-language-and-about-and-signs-out', async () => {
    startSession('token-1', '9000000001');
    const logout = recording('user/logout', () => null);
    server.use(logout.handler);
    renderPage(SettingsPage, '/information/setting');
    expect((await screen.findByRole('link', { name: /Language/ })).getAttribute('href')).toBe('/information/changeLang');
    expect(screen.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe('/information/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    await waitFor(() => expect(logout.bodies).toHaveLength(1));
  });
});
