// Proves the sign-in page's brand follows what staff set: the uploaded logo (only the server's own
// logo address) and the title; without them, the Ledgerline mark.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfigState } from '../../app/siteConfigStore.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { AuthTopBar } from './AuthTopBar.tsx';

afterEach(() => {
  siteConfigState.values = {};
});

describe('AuthTopBar', () => {
  it('shows-the-uploaded-logo-and-title', async () => {
    siteConfigState.values = { logo: '/site/logo/12', title: 'Acme Securities' };
    renderPage(AuthTopBar, '/login/login');
    expect((await screen.findByTestId('site-logo')).getAttribute('src')).toBe('/site/logo/12');
    expect(screen.getByText('Acme Securities')).toBeTruthy();
  });

  it('ignores-a-logo-that-is-not-the-servers-own', async () => {
    siteConfigState.values = { logo: 'https://elsewhere.example/logo.png' };
    renderPage(AuthTopBar, '/login/login');
    expect(await screen.findByText('Ledgerline')).toBeTruthy();
    expect(screen.queryByTestId('site-logo')).toBeNull();
  });
});
