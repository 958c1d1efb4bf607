import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ResponseOf } from '../../../../contract/api.ts';
import { restrictionNames } from '../../../../contract/accounts.ts';
import type { KycStatus } from '../../../../contract/identity.ts';
import { call } from '../../../api/commandBus.ts';
import { uploadImage } from '../../../api/uploads.ts';
import { showToast } from '../../../app/toastStore.ts';
import { localeState } from '../../../i18n/activateLocale.ts';
import { translateServerMessage } from '../../../i18n/serverMessages.ts';
import { Icon } from '../../../ui/icons.tsx';
import { useLoad } from '../../../ui/useLoad.ts';
import { usePullToRefresh } from '../../../ui/usePullToRefresh.ts';
import { Button, Skeleton } from '../../../ui/widgets.tsx';
import { ErrorState, PullIndicator } from '../../../ui/LoadStates.tsx';
import { restrictionLabels } from '../messages/notificationText.ts';
import * as styles from '../profile.css.ts';
import { formatIstDate } from '../shared/dates.ts';
import { Avatar } from './Avatar.tsx';

type UserInfo = ResponseOf<'user/info'>;
type Kyc = ResponseOf<'user/kyc'>;

const kycLabels: Record<KycStatus, MessageDescriptor> = {
  not_verified: msg`Not verified`,
  under_review: msg`Under review`,
  verified: msg`Verified`,
  failed: msg`Not approved, submit again`,
};

/** "9000000001" → "90••••0001": enough to recognise one's own number on a shared screen. */
export const maskMobile = (account: string): string => (account.length === 10 ? `${account.slice(0, 2)}••••${account.slice(-4)}` : account);

/** KYC comes from the identity domain; on a server without it the row is simply left out. */
const loadKyc = (): Promise<Kyc | null> => call('user/kyc', {}, { silent: true }).catch(() => null);

/** /information/userInfo and /information/mine_detail: who the account belongs to, and the profile photo. */
export function PersonalDetailsPage() {
  const { t } = useLingui();
  const info = useLoad(useCallback(() => call('user/info', {}, { silent: true }), []));
  const kyc = useLoad(useCallback(loadKyc, []));
  const [avatarId, setAvatarId] = useState<string | null | undefined>(undefined);
  const pullPx = usePullToRefresh(() => {
    info.reload();
    kyc.reload();
  });

  if (info.state.status === 'loading') return <DetailsSkeleton />;
  if (info.state.status === 'failed') return <ErrorState title={t`Your details could not be loaded.`} onRetry={info.reload} />;
  const user = info.state.data;
  const kycState = kyc.state.status === 'ready' ? kyc.state.data : null;
  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <AvatarCard user={user} name={kycState?.name ?? null} avatarId={avatarId === undefined ? user.avatar_upload_id : avatarId} onChanged={setAvatarId} />
      <AccountDetails user={user} kyc={kycState} />
      <Link to="/information/index" className={styles.card} style={{ flexDirection: 'row', alignItems: 'center', color: 'inherit', textDecoration: 'none' }}>
        <Icon name="list" size={20} />
        <span style={{ flex: 1 }}>
          <Trans>Account activity: what staff changed on your account</Trans>
        </span>
        <Icon name="chevronRight" size={18} />
      </Link>
    </div>
  );
}

function AvatarCard({ user, name, avatarId, onChanged }: { user: UserInfo; name: string | null; avatarId: string | null; onChanged: (id: string) => void }) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || uploading) return;
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, 'avatar');
      if (uploaded.status !== 1) {
        showToast(translateServerMessage(uploaded.msg));
        return;
      }
      const answer = await call('user/setAvatar', { upload_id: uploaded.data.upload_id });
      onChanged(answer.avatar_upload_id);
      showToast(t`Profile photo updated.`, { tone: 'success' });
    } catch {
      // The command bus has already said what went wrong.
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className={styles.card} style={{ alignItems: 'center', textAlign: 'center' }}>
      <Avatar uploadId={avatarId} name={name} size="large" />
      <strong data-testid="masked-mobile">+91 {maskMobile(user.account)}</strong>
      <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(event) => void onFile(event)} data-testid="avatar-file" />
      <Button variant="soft" busy={uploading} onClick={() => fileInput.current?.click()}>
        {avatarId ? <Trans>Change photo</Trans> : <Trans>Add a photo</Trans>}
      </Button>
      <p className={styles.muted}>
        <Trans>JPEG, PNG or WebP. Only you and our staff can see it.</Trans>
      </p>
    </section>
  );
}

function AccountDetails({ user, kyc }: { user: UserInfo; kyc: Kyc | null }) {
  const { t, i18n } = useLingui();
  const { locale } = useSnapshot(localeState);
  const restrictions = restrictionNames.filter((name) => user.restrictions[name]).map((name) => i18n._(restrictionLabels[name]));
  const rows: { label: string; value: string; testId: string }[] = [
    { label: t`Mobile number`, value: `+91 ${maskMobile(user.account)}`, testId: 'detail-mobile' },
    { label: t`Member since`, value: formatIstDate(user.created_at, locale), testId: 'detail-member-since' },
    { label: t`Institution`, value: user.institution || t`Individual account`, testId: 'detail-institution' },
    { label: t`Membership`, value: user.vip ? t`VIP` : t`Standard`, testId: 'detail-vip' },
    ...(kyc ? [{ label: t`Identity (KYC)`, value: i18n._(kycLabels[kyc.status]), testId: 'detail-kyc' }] : []),
    { label: t`Account status`, value: restrictions.length > 0 ? restrictions.join(', ') : t`Active`, testId: 'detail-status' },
  ];
  return (
    <section className={styles.card} aria-label={t`Account`}>
      <dl className={styles.details}>
        {rows.map((row) => (
          <div key={row.testId} style={{ display: 'contents' }}>
            <dt className={styles.detailLabel}>{row.label}</dt>
            <dd className={styles.detailValue} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {kyc && kyc.status !== 'verified' ? (
        <Link to="/information/authInfo" className={styles.inlineLink}>
          <Trans>Verify your identity</Trans>
        </Link>
      ) : null}
      {restrictions.length > 0 ? (
        <p className={styles.muted}>
          <Trans>Your messages say why each restriction was put on. Contact customer service if you have questions.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function DetailsSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <Skeleton width="100%" height={200} radius={16} />
      <Skeleton width="100%" height={220} radius={16} />
    </div>
  );
}
