import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import type { Loadable } from './useLoad.ts';
import { pullDistanceToRefreshPx } from './usePullToRefresh.ts';
import { Button, Skeleton, StatePanel } from './widgets.tsx';
import * as styles from './ui.css.ts';

// The three states every REST-backed list has besides its data: loading (skeleton rows
// shaped like the real ones), failed (with Retry) and empty (with a way forward).

export function SkeletonRows({ count = 6 }: { count?: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.skeletonRow}>
          <span style={{ display: 'flex', flexDirection: 'column', gap: 6, flex: 1 }}>
            <Skeleton width="55%" height={16} />
            <Skeleton width="30%" height={12} />
          </span>
          <Skeleton width={64} height={18} />
          <Skeleton width={78} height={28} />
        </div>
      ))}
    </div>
  );
}

export function ErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div role="alert">
      <StatePanel
        icon={<Icon name="wifiOff" size={30} />}
        title={title}
        action={
          <Button variant="soft" onClick={onRetry}>
            <Icon name="refresh" size={18} />
            <Trans>Retry</Trans>
          </Button>
        }
      />
    </div>
  );
}

export function EmptyState({ icon = 'list', title, text, action }: { icon?: IconName; title: string; text?: string; action?: ReactNode }) {
  return <StatePanel icon={<Icon name={icon} size={30} />} title={title} text={text} action={action} />;
}

type LoadStatesProps<T> = {
  state: Loadable<T>;
  onRetry: () => void;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
};

/** Renders the skeleton, the error with Retry, the empty state, or the data. */
export function LoadStates<T>({ state, onRetry, errorTitle, isEmpty, empty, skeleton, children }: LoadStatesProps<T>) {
  if (state.status === 'loading') return <>{skeleton ?? <SkeletonRows />}</>;
  if (state.status === 'failed') return <ErrorState title={errorTitle} onRetry={onRetry} />;
  if (isEmpty?.(state.data)) return <>{empty}</>;
  return <>{children(state.data)}</>;
}

/** The arrow that turns while the user pulls the page down to refresh. */
export function PullIndicator({ pullPx }: { pullPx: number }) {
  return (
    <div className={styles.pullIndicator} style={{ height: pullPx / 2 }} aria-hidden="true">
      <span style={{ transform: `rotate(${(pullPx / pullDistanceToRefreshPx) * 270}deg)` }}>
        <Icon name="refresh" size={20} />
      </span>
    </div>
  );
}
