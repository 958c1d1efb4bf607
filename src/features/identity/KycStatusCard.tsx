import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { IdType, KycState, KycStatus } from '../../../contract/identity.ts';
import { localeState } from '../../i18n/activateLocale.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { button } from '../../ui/ui.css.ts';
import { Skeleton } from '../../ui/widgets.tsx';
import { formatIstDateTime } from '../../ui/format.ts';
import * as styles from './identity.css.ts';

// The pieces of the KYC screens both /information/authInfo and /information/mine_valid
// show: the status banner (with what to do next), what was submitted, and the placeholder
// the identity pages show while loading.

export const kycStatusLabels: Record<KycStatus, MessageDescriptor> = {
  not_verified: msg`Not verified`,
  under_review: msg`Under review`,
  verified: msg`Verified`,
  failed: msg`Verification failed`,
};

export const idTypeLabels: Record<IdType, MessageDescriptor> = {
  pan: msg`PAN card`,
  aadhaar: msg`Aadhaar`,
};

const bannerIcons: Record<KycStatus, IconName> = { not_verified: 'info', under_review: 'hourglass', verified: 'shield', failed: 'warning' };

/** The status and the next step; `showAction` adds a link to the form when there is something to do. */
export function KycStatusBanner({ state, showAction = false }: { state: KycState; showAction?: boolean }) {
  const { t, i18n } = useLingui();
  const reason = state.reason ?? '';
  const body: Record<KycStatus, string> = {
    not_verified: t`Verify your identity with your PAN card or Aadhaar to withdraw money and add bank accounts.`,
    under_review: t`We are checking your documents. This usually takes one working day; we will send you a message with the result.`,
    verified: t`Your identity is verified. You can withdraw to bank accounts in your own name.`,
    failed: t`Reason: ${reason}. Fix it and submit again.`,
  };
  const actionLabel = state.status === 'failed' ? t`Submit again` : t`Verify now`;
  const hasAction = showAction && (state.status === 'not_verified' || state.status === 'failed');
  return (
    <section className={styles.banner[state.status]} role="status" data-testid="kyc-banner" data-status={state.status}>
      <Icon name={bannerIcons[state.status]} size={24} />
      <div className={styles.bannerText}>
        <h2 className={styles.bannerTitle}>{i18n._(kycStatusLabels[state.status])}</h2>
        <p className={styles.bannerBody}>{body[state.status]}</p>
        {hasAction ? (
          <Link to="/information/authInfo" className={button.primary} style={{ alignSelf: 'flex-start', marginTop: 8 }}>
            {actionLabel}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** What the user submitted, the ID number masked but for its last four characters. */
export function KycDetails({ state }: { state: KycState }) {
  const { i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  if (state.status === 'not_verified') return null;
  return (
    <section className={styles.card} aria-label={i18n._(msg`Submitted details`)}>
      <h2 className={styles.sectionTitle}>
        <Trans>Submitted details</Trans>
      </h2>
      <dl className={styles.details}>
        <dt className={styles.detailLabel}>
          <Trans>Full name</Trans>
        </dt>
        <dd className={styles.detailValue}>{state.name}</dd>
        <dt className={styles.detailLabel}>
          <Trans>ID type</Trans>
        </dt>
        <dd className={styles.detailValue}>{state.id_type ? i18n._(idTypeLabels[state.id_type]) : ''}</dd>
        <dt className={styles.detailLabel}>
          <Trans>ID number</Trans>
        </dt>
        <dd className={styles.detailValue} data-testid="kyc-id-number">
          {state.id_number_masked}
        </dd>
        {state.submitted_at ? (
          <>
            <dt className={styles.detailLabel}>
              <Trans>Submitted</Trans>
            </dt>
            <dd className={styles.detailValue}>{formatIstDateTime(state.submitted_at, locale)}</dd>
          </>
        ) : null}
        {state.reviewed_at ? (
          <>
            <dt className={styles.detailLabel}>
              <Trans>Reviewed</Trans>
            </dt>
            <dd className={styles.detailValue}>{formatIstDateTime(state.reviewed_at, locale)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** A whole page's placeholder while its first answer is on the way. */
export function CardSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.card}>
        <Skeleton width="40%" height={18} />
        <Skeleton width="90%" height={14} />
        <Skeleton width="70%" height={14} />
      </div>
    </div>
  );
}
