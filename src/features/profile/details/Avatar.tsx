import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { loadUploadedImage } from '../../../api/uploads.ts';
import { Icon } from '../../../ui/icons.tsx';
import * as styles from '../profile.css.ts';

/** The stored image of `uploadId` as an object URL (an <img> cannot send the session headers); revoked when no longer shown. */
export function useUploadedImage(uploadId: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!uploadId) return;
    let live = true;
    let loaded: string | null = null;
    void loadUploadedImage(uploadId).then((objectUrl) => {
      loaded = objectUrl;
      if (live) setUrl(objectUrl);
      else if (objectUrl) URL.revokeObjectURL(objectUrl);
    });
    return () => {
      live = false;
      if (loaded) URL.revokeObjectURL(loaded);
    };
  }, [uploadId]);
  return url;
}

/** Up to two initials of a name ("Ananya Sharma" → "AS"); empty when there is no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => [...word][0]!.toUpperCase()).join('');
}

/** The user's picture, else the initials of their verified name, else a person icon. */
export function Avatar({ uploadId, name, size = 'small' }: { uploadId: string | null; name?: string | null; size?: 'small' | 'large' }) {
  const { t } = useLingui();
  const url = useUploadedImage(uploadId);
  const initials = initialsOf(name);
  return (
    <span className={`${styles.avatarBase} ${styles.avatar[size]}`} data-testid="avatar">
      {url ? (
        <img className={styles.avatarImage} src={url} alt={t`Profile photo`} />
      ) : initials ? (
        <span aria-hidden="true">{initials}</span>
      ) : (
        <Icon name="user" size={size === 'large' ? 40 : 28} />
      )}
    </span>
  );
}
