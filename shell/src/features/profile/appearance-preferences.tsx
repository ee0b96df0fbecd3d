import { fontSizes, themePreferences, type ProfileSettings, type UserDto } from '@trackboard/contracts';
import { useState } from 'react';
import { errorReason, MessageBox, themeModeOf, useTheme } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { profileApi } from './profile-api';
import styles from './profile-page.module.css';

type Setting = 'themePreference' | 'fontSize' | 'highContrast';
type Saving = { [K in Setting]: { setting: K; value: ProfileSettings[K] } }[Setting];

// How each setting is named in "Failed to save (setting): …" (spec §8.5).
const settingNames: Record<Setting, () => string> = {
  themePreference: () => uiMessages.settingTheme,
  fontSize: () => uiMessages.settingFontSize,
  highContrast: () => uiMessages.settingHighContrast,
};

/**
 * Theme, font size and high contrast. Each change is saved on its own; while one
 * saves it shows "Saving..." and every control waits. A theme applies at once (spec §4.2).
 */
export function AppearancePreferences({
  settings,
  onSaved,
}: {
  settings: ProfileSettings;
  onSaved: (profile: UserDto) => void;
}) {
  const [saving, setSaving] = useState<Saving>();
  const [error, setError] = useState<string>();
  const themeMode = useTheme((state) => state.mode);
  const setThemeMode = useTheme((state) => state.setMode);
  const busy = saving !== undefined;

  const save = async (change: Saving) => {
    if (busy) return;
    const themeBefore = themeMode;
    if (change.setting === 'themePreference') setThemeMode(themeModeOf(change.value) ?? 'system');
    setSaving(change);
    setError(undefined);
    try {
      onSaved(await profileApi.update({ profileSettings: { [change.setting]: change.value } }));
    } catch (failure) {
      if (change.setting === 'themePreference') setThemeMode(themeBefore);
      setError(uiMessages.settingSaveFailed(settingNames[change.setting](), errorReason(failure, uiMessages.tryAgain)));
    } finally {
      setSaving(undefined);
    }
  };

  const savingNow = (setting: Setting, value: unknown) => saving?.setting === setting && saving.value === value;

  return (
    <section className={styles.card} aria-labelledby="appearance-title">
      <h2 id="appearance-title" className={styles.cardTitle}>
        {uiMessages.appearancePreferences}
      </h2>
      {error && <MessageBox tone="error">{error}</MessageBox>}
      <div className={styles.preference} role="group" aria-labelledby="theme-label">
        <span id="theme-label" className={styles.label}>
          {uiMessages.theme}
        </span>
        <div className={styles.choices}>
          {themePreferences.map((value) => (
            <button
              key={value}
              type="button"
              className={styles.choice}
              aria-pressed={settings.themePreference === value}
              disabled={busy}
              onClick={() => save({ setting: 'themePreference', value })}
            >
              {savingNow('themePreference', value) ? uiMessages.saving : uiMessages.themeName(value)}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.preference} role="group" aria-labelledby="font-size-label">
        <span id="font-size-label" className={styles.label}>
          {uiMessages.fontSize}
        </span>
        <div className={styles.choices}>
          {fontSizes.map((value) => (
            <button
              key={value}
              type="button"
              className={styles.choice}
              aria-pressed={settings.fontSize === value}
              disabled={busy}
              onClick={() => save({ setting: 'fontSize', value })}
            >
              {savingNow('fontSize', value) ? uiMessages.saving : uiMessages.fontSizeName(value)}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.preference}>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={settings.highContrast}
            disabled={busy}
            onChange={(event) => save({ setting: 'highContrast', value: event.target.checked })}
          />
          {uiMessages.highContrastMode}
        </label>
        {saving?.setting === 'highContrast' && <span className={styles.savingNote}>{uiMessages.saving}</span>}
      </div>
    </section>
  );
}
