import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { changeLocale, localeState } from '../../i18n/activateLocale.ts';
import { appLocales, localeNativeNames } from '../../i18n/locale.ts';
import * as styles from './mine.css.ts';

/** /information/changeLang: the choice applies and is stored at once. */
export function LanguagePage() {
  const { t } = useLingui();
  const { locale } = useSnapshot(localeState);
  return (
    <div className={styles.page}>
      <fieldset className={styles.menu} style={{ border: 'none' }}>
        <legend className={styles.menuValue} style={{ padding: '12px 16px 4px' }}>
          {t`Choose the language of the app`}
        </legend>
        {appLocales.map((option) => (
          <label key={option} className={`${styles.radioRow} ${styles.menuItem}`} lang={option}>
            <input
              type="radio"
              name="language"
              className={styles.radioInput}
              value={option}
              checked={locale === option}
              onChange={() => void changeLocale(option)}
            />
            {localeNativeNames[option]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
