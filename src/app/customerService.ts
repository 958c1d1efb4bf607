import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { navigateTo } from './navigation.ts';
import { siteConfigState } from './siteConfigStore.ts';
import { showToast } from './toastStore.ts';

const unavailable = msg`Customer service is not available right now. Please try again later.`;

/**
 * The special target "customer service". The configured `kefu` link is either an
 * in-app hash path ("#/home/kefuCenter"), navigated to, or an absolute URL (a chat
 * provider), opened in a new tab or the shell's browser.
 */
export function openCustomerService(link: string = siteConfigState.values.kefu ?? ''): void {
  const target = link.trim();
  if (target.startsWith('#/')) {
    navigateTo(target.slice(1));
  } else if (/^https?:\/\//i.test(target)) {
    window.open(target, '_blank', 'noopener,noreferrer');
  } else {
    showToast(i18n._(unavailable), { tone: 'info' });
  }
}
