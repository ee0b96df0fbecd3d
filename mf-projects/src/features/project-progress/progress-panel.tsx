import { useProjectProgress } from './progress-api';
import { CreatedClosedChart, OpenDoneChart } from './progress-charts';
import { progressTexts as m } from './progress-texts';
import styles from './progress.module.css';

/**
 * The project page's progress: open and done issues over the last eight weeks, issues created and
 * closed in each, and the median time from start to done (the board service reads them from the
 * issues' history). Loaded lazily, with its chart library, once the page has drawn.
 */
export default function ProgressPanel({ projectKey }: { projectKey: string }) {
  const { data, error } = useProjectProgress(projectKey);
  return (
    <section className={styles.card} aria-labelledby="project-progress-title">
      <h2 id="project-progress-title" className={styles.sectionTitle}>
        {m.title}
      </h2>
      {!data ? (
        error ? (
          // Said in the panel, not as an alert: the page around it has loaded and works without it.
          <p className={styles.muted}>{m.loadFailed}</p>
        ) : (
          <p role="status" className={styles.muted}>
            {m.loading}
          </p>
        )
      ) : (
        <>
          <div className={styles.charts}>
            <OpenDoneChart weeks={data.weeks} />
            <CreatedClosedChart weeks={data.weeks} />
          </div>
          <p className={styles.median}>
            {data.medianStartToDoneHours === null ? (
              m.noMedian
            ) : (
              <>
                {m.median(data.medianStartToDoneHours)}{' '}
                <span className={styles.muted}>({m.medianOf(data.sampleSize)})</span>
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
