import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { KycState } from '../../../contract/identity.ts';
import { call } from '../../api/commandBus.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { ErrorState } from '../../ui/LoadStates.tsx';
import * as styles from './identity.css.ts';
import { KycForm } from './KycForm.tsx';
import { CardSkeleton, KycDetails, KycStatusBanner } from './KycStatusCard.tsx';

// /information/authInfo (verify or submit again) and /information/mine_valid (where my
// verification stands). Both read user/kyc; only the first shows the form.

function useKycState() {
  const loaded = useLoad(useCallback(() => call('user/kyc', {}, { silent: true }), []));
  // A submission answers with the new state: shown at once, no second request.
  const [submitted, setSubmitted] = useState<KycState | null>(null);
  const state = submitted ?? (loaded.state.status === 'ready' ? loaded.state.data : null);
  return { state, failed: loaded.state.status === 'failed', reload: loaded.reload, setSubmitted };
}

/** /information/authInfo: the status, and the form when the user has something to submit. */
export function KycPage() {
  const { t } = useLingui();
  const { state, failed, reload, setSubmitted } = useKycState();
  if (failed && !state) return <ErrorState title={t`Could not load your verification status.`} onRetry={reload} />;
  if (!state) return <CardSkeleton />;
  const canSubmit = state.status === 'not_verified' || state.status === 'failed';
  return (
    <div className={styles.page}>
      <KycStatusBanner state={state} />
      {canSubmit ? <KycForm previous={state.status === 'failed' ? state : null} onSubmitted={setSubmitted} /> : <KycDetails state={state} />}
    </div>
  );
}

/** /information/mine_valid: the status with what was submitted, and a way to the form when needed. */
export function KycStatusPage() {
  const { t } = useLingui();
  const { state, failed, reload } = useKycState();
  if (failed && !state) return <ErrorState title={t`Could not load your verification status.`} onRetry={reload} />;
  if (!state) return <CardSkeleton />;
  return (
    <div className={styles.page}>
      <KycStatusBanner state={state} showAction />
      <KycDetails state={state} />
    </div>
  );
}
