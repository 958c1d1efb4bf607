import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type EditableSiteConfigName, editableSiteConfigNames, logoBase64LengthMax, siteConfigValueSchemas } from '../../../../contract/siteContent.ts';
import { call } from '../../../api/commandBus.ts';
import { showToast } from '../../../app/toastStore.ts';
import { Button } from '../../../ui/widgets.tsx';
import { ActionDialog } from '../shared/ActionDialog.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { useStaffLoad } from '../shared/useStaffLoad.ts';

// /admin/site: what the public app says about the firm. Administrators only (contract/siteContent.ts).

const entryTexts: Record<EditableSiteConfigName, { title: MessageDescriptor; description: MessageDescriptor }> = {
  title: { title: msg`Site title`, description: msg`The name in the browser tab and on the about page.` },
  kefu: { title: msg`Customer-service link`, description: msg`Where "Customer service" leads: an https:// address, or an in-app page starting with #/.` },
  kefu_hours: { title: msg`Customer-service hours`, description: msg`When customer service answers, in your own words; empty when not published.` },
  broker_registration_number: {
    title: msg`Broker registration number`,
    description: msg`Empty: the app says this service is not a registered broker. Once set, the app shows this number instead.`,
  },
};

export function SiteContentPage() {
  const { t, i18n } = useLingui();
  const format = useStaffFormat();
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/site/list', {}, { silent }), []);
  const [editing, setEditing] = useState<EditableSiteConfigName | null>(null);
  const [uploadingLogo, setUploadingLogo] = useState(false);
  const entries = state.status === 'ready' ? state.data : [];
  const valueOf = (name: string) => entries.find((entry) => entry.name === name);
  const logo = valueOf('logo')?.value ?? '';

  return (
    <>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t`Logo`}</h2>
        {logo ? <img src={logo} alt={t`Current logo`} style={{ maxHeight: 64, maxWidth: 240, objectFit: 'contain', alignSelf: 'flex-start' }} /> : <p className={styles.muted}>{t`No logo uploaded.`}</p>}
        <Button variant="secondary" className={styles.smallButton} onClick={() => setUploadingLogo(true)}>
          {t`Upload a logo…`}
        </Button>
      </section>
      {editableSiteConfigNames.map((name) => (
        <section key={name} className={styles.section} data-testid={`site-entry-${name}`}>
          <h2 className={styles.sectionTitle}>{i18n._(entryTexts[name].title)}</h2>
          <p className={styles.muted}>{i18n._(entryTexts[name].description)}</p>
          <p style={{ margin: 0 }} data-testid="site-entry-value">
            {valueOf(name)?.value || <span className={styles.muted}>{t`Not set`}</span>}
          </p>
          {valueOf(name)?.updated_at ? <p className={styles.muted}>{t`Changed ${format.dateTime(valueOf(name)?.updated_at)}`}</p> : null}
          <Button variant="secondary" className={styles.smallButton} onClick={() => setEditing(name)} aria-label={t`Edit ${i18n._(entryTexts[name].title)}`}>
            {t`Edit…`}
          </Button>
        </section>
      ))}
      {editing ? (
        <EntryDialog
          name={editing}
          current={valueOf(editing)?.value ?? ''}
          title={i18n._(entryTexts[editing].title)}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      {uploadingLogo ? (
        <LogoDialog
          onClose={() => setUploadingLogo(false)}
          onSaved={() => {
            setUploadingLogo(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function EntryDialog({ name, current, title, onClose, onSaved }: { name: EditableSiteConfigName; current: string; title: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState(current);
  const valid = siteConfigValueSchemas[name].safeParse(value).success;
  const save = async (reason: string) => {
    await call('admin/site/update', { name, value, reason }, { silent: true });
    showToast(t`${title} saved`, { tone: 'success' });
    onSaved();
  };
  return (
    <ActionDialog title={t`Change ${title}`} confirmLabel={t`Save`} ready={valid} onConfirm={save} onClose={onClose}>
      <label className={styles.field}>
        {title}
        <input className={styles.control} name="value" value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      {!valid ? <p className={styles.errorText}>{t`This value is not allowed here.`}</p> : null}
    </ActionDialog>
  );
}

/** The file as base64 (what the command carries), or null when it is too large to send. */
async function fileAsBase64(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const encoded = btoa(binary);
  return encoded.length <= logoBase64LengthMax ? encoded : null;
}

function LogoDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [image, setImage] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const encoded = await fileAsBase64(file);
    setTooLarge(encoded === null);
    setImage(encoded);
  };
  const save = async (reason: string) => {
    if (!image) return;
    await call('admin/site/setLogo', { image_base64: image, reason }, { silent: true });
    showToast(t`Logo uploaded`, { tone: 'success' });
    onSaved();
  };
  return (
    <ActionDialog title={t`Upload a logo`} confirmLabel={t`Upload`} ready={image !== null} onConfirm={save} onClose={onClose}>
      <p className={styles.muted}>{t`A PNG, JPEG or WebP image of at most 48 KB and 512 × 512 pixels.`}</p>
      <label className={styles.field}>
        {t`Image file`}
        <input type="file" name="logo" accept="image/png,image/jpeg,image/webp" onChange={(event) => void pick(event.target.files?.[0])} />
      </label>
      {tooLarge ? <p className={styles.errorText}>{t`This file is larger than 48 KB.`}</p> : null}
    </ActionDialog>
  );
}
