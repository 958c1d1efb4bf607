import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCanGoBack, useMatches, useRouter } from '@tanstack/react-router';
import { Icon } from '../../ui/icons.tsx';
import { Button, StatePanel } from '../../ui/widgets.tsx';

/** Every route that is not built yet shows its own translated title and a way back, never a blank page. */
export function ComingSoonPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const entry = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.entry });
  return (
    <StatePanel
      icon={<Icon name="hourglass" size={30} />}
      title={entry ? i18n._(entry.title) : t`Coming soon`}
      text={t`Coming soon. We are still building this part of Ledgerline.`}
      action={
        canGoBack ? (
          <Button variant="soft" onClick={() => router.history.back()}>
            <Icon name="back" size={18} />
            <Trans>Go back</Trans>
          </Button>
        ) : undefined
      }
    />
  );
}
