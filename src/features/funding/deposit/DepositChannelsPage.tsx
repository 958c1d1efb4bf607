import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { call } from '../../../api/commandBus.ts';
import { openCustomerService } from '../../../app/customerService.ts';
import { button } from '../../../ui/ui.css.ts';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { Button } from '../../../ui/widgets.tsx';
import { EmptyState, LoadStates, PullIndicator, SkeletonRows } from '../../../ui/LoadStates.tsx';
import * as styles from '../funding.css.ts';
import { useFundingLabels } from '../fundingLabels.ts';
import { ChannelDetails } from './ChannelDetails.tsx';

/** /information/rechargeChannel: the firm's own collection accounts, each a way into the deposit form. */
export function DepositChannelsPage() {
  const { t } = useLingui();
  const labels = useFundingLabels();
  const { state, reload } = useLoad(useCallback(() => call('user/depositInfo', {}, { silent: true }), []));
  const pullPx = usePullToRefresh(reload);
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`The deposit channels could not be loaded.`}
        skeleton={<SkeletonRows count={4} />}
        isEmpty={(info) => info.channels.every((channel) => !channel.active)}
        empty={
          <EmptyState
            icon="wallet"
            title={t`No deposit channel is open`}
            text={t`There is no account to pay into right now. Please contact customer service.`}
            action={
              <Button variant="soft" onClick={() => openCustomerService()}>
                <Trans>Contact customer service</Trans>
              </Button>
            }
          />
        }
      >
        {(info) => {
          const minimumText = labels.money(info.minimum);
          const windowText = labels.timeWindow(info.window);
          return (
          <>
            <p className={styles.muted}>
              <Trans>
                Minimum deposit {minimumText} · accepted {windowText}
              </Trans>
            </p>
            {info.channels
              .filter((channel) => channel.active)
              .map((channel) => (
                <div key={channel.id} className={styles.stack}>
                  <ChannelDetails channel={channel} />
                  <Link to="/information/recharge" search={{ channel: channel.id }} className={button.primary} data-action="deposit-with-channel">
                    <Trans>Deposit with this channel</Trans>
                  </Link>
                </div>
              ))}
          </>
          );
        }}
      </LoadStates>
    </div>
  );
}
