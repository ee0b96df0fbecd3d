import { languageOf, languages, type Language, type ProfileSettings, type UserDto } from '@trackboard/contracts';
import { useMemo, useState } from 'react';
import { browserLanguage, errorReason, MessageBox } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { profileApi } from './profile-api';
import styles from './profile-page.module.css';

type Setting = 'language' | 'timeZone';

// How each setting is named in "Failed to save (setting): …", as the appearance card names its own.
const settingNames: Record<Setting, () => string> = {
  language: () => uiMessages.settingLanguage,
  timeZone: () => uiMessages.settingTimeZone,
};

/** A language named in itself ("Deutsch"), whatever the page's language: its reader looks for that. */
const ownName = (language: Language) =>
  new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;

/** The zone the browser is in, whatever the profile chose. */
const browserTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The select's value for "the browser's" (the profile stores null). */
const BROWSER = '';

/**
 * The page's language and the time zone its dates are shown in, each saved on its own as it is
 * chosen; "the browser's" saves null. The saved profile reaches the session, and the session
 * runtime puts the page in that language and zone.
 */
export function LanguagePreferences({
  settings,
  onSaved,
}: {
  settings: ProfileSettings;
  onSaved: (profile: UserDto) => void;
}) {
  const [saving, setSaving] = useState<Setting>();
  const [error, setError] = useState<string>();
  const busy = saving !== undefined;
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    // A zone this browser does not list (another runtime's name for it) still shows as chosen.
    return settings.timeZone && !known.includes(settings.timeZone) ? [settings.timeZone, ...known] : known;
  }, [settings.timeZone]);

  const save = async (setting: Setting, change: Partial<Pick<ProfileSettings, Setting>>) => {
    if (busy) return;
    setSaving(setting);
    setError(undefined);
    try {
      onSaved(await profileApi.update({ profileSettings: change }));
    } catch (failure) {
      setError(uiMessages.settingSaveFailed(settingNames[setting](), errorReason(failure, uiMessages.tryAgain)));
    } finally {
      setSaving(undefined);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="language-region-title">
      <h2 id="language-region-title" className={styles.cardTitle}>
        {uiMessages.languageAndRegion}
      </h2>
      {error && <MessageBox tone="error">{error}</MessageBox>}
      <div className={styles.preference}>
        <label className={styles.label} htmlFor="profile-language">
          {uiMessages.language}
        </label>
        <select
          id="profile-language"
          className={styles.input}
          value={settings.language ?? BROWSER}
          disabled={busy}
          onChange={(event) => void save('language', { language: languageOf(event.target.value) ?? null })}
        >
          <option value={BROWSER}>{uiMessages.browserLanguage(ownName(browserLanguage()))}</option>
          {languages.map((language) => (
            <option key={language} value={language}>
              {ownName(language)}
            </option>
          ))}
        </select>
        {saving === 'language' && <span className={styles.savingNote}>{uiMessages.saving}</span>}
      </div>
      <div className={styles.preference}>
        <label className={styles.label} htmlFor="profile-time-zone">
          {uiMessages.timeZone}
        </label>
        <select
          id="profile-time-zone"
          className={styles.input}
          value={settings.timeZone ?? BROWSER}
          disabled={busy}
          onChange={(event) => void save('timeZone', { timeZone: event.target.value || null })}
        >
          <option value={BROWSER}>{uiMessages.browserTimeZone(browserTimeZone())}</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        {saving === 'timeZone' && <span className={styles.savingNote}>{uiMessages.saving}</span>}
      </div>
    </section>
  );
}
