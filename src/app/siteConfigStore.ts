import { proxy } from 'valtio';
import type { SiteConfigName } from '../../contract/siteConfig.ts';
import { call } from '../api/commandBus.ts';

// The firm's configuration (title, customer-service link, broker registration…).
// The app renders nothing but a splash until it has arrived.

export type SiteConfigValues = Partial<Record<SiteConfigName, string>>;

export const siteConfigState = proxy<{ status: 'loading' | 'ready' | 'failed'; values: SiteConfigValues }>({
  status: 'loading',
  values: {},
});

let inFlight: Promise<void> | null = null;

/** Fetches the configuration; concurrent callers share one request. */
export function loadSiteConfig(): Promise<void> {
  inFlight ??= fetchSiteConfig().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchSiteConfig(): Promise<void> {
  siteConfigState.status = 'loading';
  try {
    // Silent: the start-up screen shows its own error with a Retry button.
    const items = await call('common/config', { type: 'all' }, { silent: true });
    const values: SiteConfigValues = {};
    for (const item of items) values[item.name as SiteConfigName] = item.value;
    siteConfigState.values = values;
    siteConfigState.status = 'ready';
  } catch {
    siteConfigState.status = 'failed';
  }
}

/** An empty or missing registration number means the firm is not a registered broker. */
export function isRegisteredBroker(values: SiteConfigValues): boolean {
  return (values.broker_registration_number ?? '').trim() !== '';
}
