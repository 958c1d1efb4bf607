import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useCallback, useState } from 'react';
import type { ResponseOf } from '../../../contract/api.ts';
import { walletTypes } from '../../../contract/funding.ts';
import { call } from '../../api/commandBus.ts';
import { showToast } from '../../app/toastStore.ts';
import { Icon } from '../../ui/icons.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useSingleFlight } from '../../ui/useSingleFlight.ts';
import { Button, Skeleton } from '../../ui/widgets.tsx';
import { ErrorState } from '../../ui/LoadStates.tsx';
import { ConfirmSheet } from './ConfirmSheet.tsx';
import { CopyButton } from './CopyButton.tsx';
import { FormField } from './FormField.tsx';
import * as styles from './funding.css.ts';
import { useFundingLabels } from './fundingLabels.ts';
import { WalletQrCode } from './WalletQrCode.tsx';

type WalletType = (typeof walletTypes)[number];
type SavedWallet = NonNullable<ResponseOf<'user/walletAddress'>>;

/**
 * What an address of each network looks like: TRON base58 addresses start with T and have
 * 34 characters; Ethereum addresses are 0x and 40 hex digits. USDT sent over the wrong
 * network is lost, so a mismatch is stopped here before the server is asked.
 */
const addressPatterns: Record<WalletType, RegExp> = {
  'USDT-TRC20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  'USDT-ERC20': /^0x[0-9a-fA-F]{40}$/,
};

/** /information/usdtAddress: the user's USDT wallet, with a QR code and a copy button. */
export function WalletAddressPage() {
  const { t } = useLingui();
  const { state, reload } = useLoad(useCallback(() => call('user/walletAddress', {}, { silent: true }), []));
  const [saved, setSaved] = useState<SavedWallet | null | undefined>(undefined);
  if (state.status === 'loading')
    return (
      <div className={styles.page} aria-busy="true">
        <Skeleton width="100%" height={320} radius={12} />
      </div>
    );
  if (state.status === 'failed') return <ErrorState title={t`Your wallet address could not be loaded.`} onRetry={reload} />;
  const wallet = saved === undefined ? state.data : saved;
  return (
    <div className={styles.formPage}>
      {wallet ? <SavedWalletCard wallet={wallet} /> : null}
      <WalletForm key={wallet?.updated_at ?? 'new'} wallet={wallet} onSaved={setSaved} />
    </div>
  );
}

function SavedWalletCard({ wallet }: { wallet: SavedWallet }) {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const savedAt = labels.dateTime(wallet.updated_at);
  return (
    <section className={styles.card} aria-label={t`Your wallet`} data-testid="saved-wallet">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          <Trans>Your wallet</Trans>
        </h2>
        <span className={styles.badge.neutral}>{wallet.type}</span>
      </div>
      <WalletQrCode data={wallet.address} />
      <p className={styles.address} data-testid="wallet-address">
        {wallet.address}
      </p>
      <CopyButton text={wallet.address} what={t`Wallet address`} />
      <p className={styles.muted}>
        <Trans>Saved {savedAt}</Trans>
      </p>
    </section>
  );
}

function WalletForm({ wallet, onSaved }: { wallet: SavedWallet | null; onSaved: (wallet: SavedWallet | null) => void }) {
  const { t } = useLingui();
  const [type, setType] = useState<WalletType>(wallet?.type ?? 'USDT-TRC20');
  const [address, setAddress] = useState(wallet?.address ?? '');
  const [triedSubmit, setTriedSubmit] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const trimmed = address.trim();
  const error = trimmed === '' ? (triedSubmit ? t`Enter the wallet address.` : null) : addressPatterns[type].test(trimmed) ? null : type === 'USDT-TRC20' ? t`A TRC20 address starts with T and has 34 characters.` : t`An ERC20 address starts with 0x followed by 40 hexadecimal characters.`;
  const unchanged = wallet !== null && wallet.type === type && wallet.address === trimmed;

  const { busy, run } = useSingleFlight(async () => {
    const result = await call('user/setWalletAddress', { type, address: trimmed });
    setConfirming(false);
    showToast(t`Wallet address saved`, { tone: 'success' });
    onSaved(result);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedSubmit(true);
    if (trimmed === '' || error !== null) return;
    setConfirming(true);
  };

  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label={wallet ? t`Change wallet address` : t`Add wallet address`}>
      <h2 className={styles.cardTitle}>{wallet ? <Trans>Change wallet address</Trans> : <Trans>Add the USDT address where you receive funds</Trans>}</h2>
      <div className={styles.segmented} role="group" aria-label={t`Wallet type`}>
        {walletTypes.map((option) => (
          <button key={option} type="button" className={styles.segment} aria-pressed={type === option} data-wallet-type={option} onClick={() => setType(option)}>
            {option}
          </button>
        ))}
      </div>
      <FormField label={t`Wallet address`} name="address" value={address} autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={100} onChange={(event) => setAddress(event.target.value)} error={error} />
      <p className={styles.notice.warning}>
        <Icon name="warning" size={18} />
        <span>
          <Trans>Use only an address on the {type} network. Money sent to an address on another network cannot be recovered.</Trans>
        </span>
      </p>
      <Button type="submit" block disabled={unchanged}>
        <Trans>Save address</Trans>
      </Button>
      {confirming ? (
        <ConfirmSheet
          title={t`Save this wallet address?`}
          rows={[
            { label: t`Wallet type`, value: type },
            { label: t`Wallet address`, value: trimmed, testId: 'confirm-address' },
          ]}
          note={<Trans>Check every character against your wallet app before saving.</Trans>}
          confirmLabel={t`Save`}
          submitting={busy}
          onConfirm={run}
          onDismiss={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}
