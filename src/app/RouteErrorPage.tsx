import { Trans, useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Icon } from '../ui/icons.tsx';
import { Button, StatePanel } from '../ui/widgets.tsx';

/** A lazy page that has not arrived after this long counts as failed (spec §9). */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeout extends Error {
  override readonly name = 'ChunkLoadTimeout';
}

/** Bounds a page's dynamic import so a stalled network ends in Retry, not an endless spinner. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeout(`page did not load within ${timeoutMs} ms`)), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeout) return true;
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically|ChunkLoadError/i.test(text);
}

/** Shown instead of a white screen when a page fails: a page chunk that did not load, or a page that crashed. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const chunkFailed = isChunkLoadError(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <StatePanel
      icon={<Icon name={chunkFailed ? 'wifiOff' : 'warning'} size={30} />}
      title={chunkFailed ? t`This page could not be loaded` : t`Something went wrong`}
      text={chunkFailed ? t`Check your connection and try again.` : t`Please try again. If it keeps happening, contact customer service.`}
      action={
        <Button onClick={retry}>
          <Icon name="refresh" size={18} />
          <Trans>Retry</Trans>
        </Button>
      }
    />
  );
}

export function NotFoundPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <StatePanel
      icon={<Icon name="search" size={30} />}
      title={t`Page not found`}
      text={t`The link may be old or mistyped.`}
      action={
        <Button onClick={() => void router.navigate({ to: '/' })}>
          <Trans>Go to start</Trans>
        </Button>
      }
    />
  );
}
