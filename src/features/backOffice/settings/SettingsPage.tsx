import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ResponseOf } from '../../../../contract/api.ts';
import { type SettingName, settingGroups } from '../../../../contract/settings.ts';
import { call } from '../../../api/commandBus.ts';
import { Button } from '../../../ui/widgets.tsx';
import { EmptyState, LoadStates, SkeletonRows } from '../../../ui/LoadStates.tsx';
import { Badge } from '../shared/Badge.tsx';
import * as styles from '../shared/backOffice.css.ts';
import { useStaffFormat } from '../shared/format.ts';
import { RowsTable } from '../shared/Table.tsx';
import { useStaffLoad } from '../shared/useStaffLoad.ts';
import { SettingEditor } from './SettingEditor.tsx';
import { isKnownSetting, settingGroupNames, settingTexts } from './settingShapes.ts';
import { useSettingValueText } from './settingValueText.ts';

type SettingRow = ResponseOf<'admin/settings/list'>[number];

/**
 * /admin/settings: every run-time setting by group, with its description, current value and
 * default. A fixed registry of a few settings, so it is shown whole rather than paged.
 */
export function SettingsPage() {
  const { t, i18n } = useLingui();
  const format = useStaffFormat();
  const valueText = useSettingValueText();
  const [editing, setEditing] = useState<(SettingRow & { name: SettingName }) | null>(null);
  const { state, reload } = useStaffLoad(({ silent }) => call('admin/settings/list', {}, { silent }), []);
  const title = (row: SettingRow) => (isKnownSetting(row.name) ? i18n._(settingTexts[row.name].title) : row.name);
  // The server's description is English; the app's translation is used where it has one.
  const description = (row: SettingRow) => (isKnownSetting(row.name) ? i18n._(settingTexts[row.name].description) : row.description);
  return (
    <>
      <LoadStates
        state={state}
        onRetry={reload}
        errorTitle={t`The configuration could not be loaded.`}
        skeleton={<SkeletonRows count={6} />}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState title={t`No settings`} />}
      >
        {(rows) =>
          settingGroups
            .map((group) => ({ group, rows: rows.filter((row) => row.group === group) }))
            .filter((section) => section.rows.length > 0)
            .map((section) => (
              <section key={section.group} className={styles.section} aria-label={i18n._(settingGroupNames[section.group])}>
                <h2 className={styles.sectionTitle}>{i18n._(settingGroupNames[section.group])}</h2>
                <RowsTable
                  label={i18n._(settingGroupNames[section.group])}
                  rows={section.rows}
                  rowKey={(row) => row.name}
                  columns={[
                    {
                      header: t`Setting`,
                      cell: (row) => (
                        <span>
                          <strong>{title(row)}</strong>
                          <br />
                          <span className={styles.muted}>{description(row)}</span>
                        </span>
                      ),
                    },
                    {
                      header: t`Current value`,
                      cell: (row) => (
                        <span data-testid={`value-${row.name}`}>
                          {valueText(row.name, row.value)} {row.overridden ? <Badge tone="warn">{t`Changed`}</Badge> : null}
                        </span>
                      ),
                    },
                    { header: t`Default`, cell: (row) => valueText(row.name, row.default_value) },
                    { header: t`Last changed`, cell: (row) => (row.updated_at ? format.dateTime(row.updated_at) : '') },
                    {
                      header: t`Actions`,
                      cell: (row) => {
                        const name = row.name;
                        return isKnownSetting(name) ? (
                          <Button variant="secondary" className={styles.smallButton} onClick={() => setEditing({ ...row, name })} aria-label={t`Edit ${title(row)}`}>
                            {t`Edit…`}
                          </Button>
                        ) : null;
                      },
                    },
                  ]}
                />
              </section>
            ))
        }
      </LoadStates>
      {editing ? (
        <SettingEditor
          name={editing.name}
          value={editing.value}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
