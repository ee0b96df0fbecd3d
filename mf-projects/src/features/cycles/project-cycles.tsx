import { CYCLE_WEEKS_MAX, cycleStartDays, type CycleDto, type CycleSettings } from '@trackboard/contracts';
import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { cyclesApi, useProjectCycles } from './cycles-api';
import { cycleTexts } from './cycle-texts';
import styles from './cycles.module.css';

/** How many ended cycles the section lists (the newest); the rest are counted. */
const PAST_SHOWN = 3;

/**
 * The project's cycles on its page: every member sees the running and coming cycles (each leading
 * to its page) and the latest ended ones; the lead or an admin turns cycles on or off and sets
 * their length and start day.
 */
export function ProjectCycles({ projectKey, mayPlan }: { projectKey: string; mayPlan: boolean }) {
  const { data, error, mutate } = useProjectCycles(projectKey);
  return (
    <section className={styles.card} aria-labelledby="project-cycles-title">
      <h2 id="project-cycles-title" className={styles.sectionTitle}>
        {cycleTexts.title}
      </h2>
      {/* A side section: it says so quietly when it could not load, and shows nothing while it loads. */}
      {!data ? (
        error && <p className={styles.muted}>{cycleTexts.loadFailed}</p>
      ) : (
        <>
          {data.settings.enabled ? (
            <CycleList projectKey={projectKey} cycles={data.cycles} />
          ) : (
            <p className={styles.muted}>{cycleTexts.off}</p>
          )}
          {mayPlan && (
            <CyclePlanForm
              settings={data.settings}
              onSave={async (changes) =>
                void (await mutate(cyclesApi.configure(projectKey, changes), { revalidate: false }))
              }
            />
          )}
        </>
      )}
    </section>
  );
}

function CycleList({ projectKey, cycles }: { projectKey: string; cycles: CycleDto[] }) {
  const past = cycles.filter((cycle) => cycle.state === 'past');
  const shown = [...past.slice(-PAST_SHOWN), ...cycles.filter((cycle) => cycle.state !== 'past')];
  return (
    <>
      <ul className={styles.cycleList}>
        {shown.map((cycle) => (
          <li key={cycle.id} className={styles.cycleItem} data-state={cycle.state}>
            <Link to={`/projects/${encodeURIComponent(projectKey)}/cycles/${cycle.id}`} className={styles.cycleName}>
              {cycle.name}
            </Link>
            <span className={styles.cycleState}>{cycleTexts.state[cycle.state]}</span>
            <span className={styles.muted}>{cycleTexts.dates(cycle)}</span>
            <span className={styles.cycleProgress}>{cycleTexts.progress(cycle)}</span>
          </li>
        ))}
      </ul>
      {past.length > PAST_SHOWN && <p className={styles.muted}>{cycleTexts.earlier(past.length - PAST_SHOWN)}</p>}
    </>
  );
}

function CyclePlanForm({
  settings,
  onSave,
}: {
  settings: CycleSettings;
  onSave: (settings: CycleSettings) => Promise<void>;
}) {
  const [chosen, setChosen] = useState(settings);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(chosen) !== JSON.stringify(settings);
  const choose = (changes: Partial<CycleSettings>) => {
    setChosen((current) => ({ ...current, ...changes }));
    setOutcome(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    try {
      await onSave(chosen);
      setOutcome({ tone: 'success', text: cycleTexts.saved });
    } catch (error) {
      setOutcome({ tone: 'error', text: cycleTexts.failed(errorReason(error, cycleTexts.saveDefault)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.planForm} onSubmit={submit} noValidate aria-describedby="cycles-hint">
      <p id="cycles-hint" className={styles.muted}>
        {cycleTexts.hint}
      </p>
      {outcome && <MessageBox tone={outcome.tone}>{outcome.text}</MessageBox>}
      <div className={styles.planFields}>
        <label className={styles.checkField}>
          <input type="checkbox" checked={chosen.enabled} onChange={(e) => choose({ enabled: e.target.checked })} />
          {cycleTexts.enabled}
        </label>
        <label className={styles.field}>
          <span>{cycleTexts.weeks}</span>
          <select
            className={styles.input}
            value={chosen.weeks}
            disabled={!chosen.enabled}
            onChange={(e) => choose({ weeks: Number(e.target.value) })}
          >
            {Array.from({ length: CYCLE_WEEKS_MAX }, (_, i) => i + 1).map((weeks) => (
              <option key={weeks} value={weeks}>
                {cycleTexts.weeksOption(weeks)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{cycleTexts.startDay}</span>
          <select
            className={styles.input}
            value={chosen.startDay}
            disabled={!chosen.enabled}
            onChange={(e) => choose({ startDay: Number(e.target.value) })}
          >
            {cycleStartDays.map((day) => (
              <option key={day} value={day}>
                {cycleTexts.startDayName(day)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.primaryButton} disabled={!changed || saving}>
          {cycleTexts.save}
        </button>
      </div>
    </form>
  );
}
