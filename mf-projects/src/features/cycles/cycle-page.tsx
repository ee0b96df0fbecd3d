import { estimateLabel, type CycleReport, type EstimateScale } from '@trackboard/contracts';
import { Breadcrumb, MessageBox, useDocumentTitle } from '@trackboard/web-kit';
import { statusLabel } from '@trackboard/web-kit/issue-names';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound, useProject } from '../../projects-api';
import { uiMessages } from '../../ui-messages';
import { BurnUpChart, type Measure } from './burn-up-chart';
import { useCycleReport } from './cycles-api';
import { cycleTexts } from './cycle-texts';
import styles from './cycles.module.css';

/** A cycle's page, /projects/{key}/cycles/{id}: its numbers, its burn-up and its issues. */
export default function CyclePage() {
  const { key = '', cycleId = '' } = useParams();
  const { data: cycle, error } = useCycleReport(cycleId);
  const { data: project } = useProject(key);
  useDocumentTitle(cycle ? `${cycle.name} · ${project?.name ?? key}` : undefined);
  if (!cycle) {
    return (
      <div className={styles.page}>
        {error ? (
          <MessageBox tone="error">{isNotFound(error) ? cycleTexts.cycleNotFound : cycleTexts.loadFailed}</MessageBox>
        ) : (
          <p role="status" className={styles.muted}>
            {cycleTexts.loading}
          </p>
        )}
      </div>
    );
  }
  return <CycleView cycle={cycle} projectName={project?.name ?? key} scale={project?.estimateScale ?? 'points'} />;
}

function CycleView({ cycle, projectName, scale }: { cycle: CycleReport; projectName: string; scale: EstimateScale }) {
  const [measure, setMeasure] = useState<Measure>('issues');
  const shown = (tally: { issues: number; points: number }) =>
    measure === 'issues' ? cycleTexts.issuesCount(tally.issues) : cycleTexts.points(tally.points);
  return (
    <div className={styles.page}>
      <Breadcrumb
        className={styles.breadcrumb}
        items={[
          { label: uiMessages.projectsCrumb, to: '/projects' },
          { label: projectName, to: `/projects/${encodeURIComponent(cycle.projectKey)}` },
          { label: cycle.name },
        ]}
      />
      <header className={styles.header}>
        <h1 className={styles.title}>{cycle.name}</h1>
        <span className={styles.cycleState}>{cycleTexts.state[cycle.state]}</span>
        <span className={styles.muted}>{cycleTexts.dates(cycle)}</span>
      </header>

      <fieldset className={styles.measure}>
        <legend>{cycleTexts.measure}</legend>
        {(['issues', 'points'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="cycle-measure"
              value={value}
              checked={measure === value}
              onChange={() => setMeasure(value)}
            />{' '}
            {value === 'issues' ? cycleTexts.measureIssues : cycleTexts.measurePoints}
          </label>
        ))}
      </fieldset>

      <dl className={styles.tiles}>
        {(
          [
            [cycleTexts.scope, cycle.scope],
            [cycleTexts.done, cycle.done],
            [cycleTexts.started, cycle.started],
          ] as const
        ).map(([label, tally]) => (
          <div key={label} className={styles.tile}>
            <dt>{label}</dt>
            <dd data-tally={label}>{shown(tally)}</dd>
          </div>
        ))}
      </dl>

      <section className={styles.card} aria-labelledby="cycle-burn-up-title">
        <h2 id="cycle-burn-up-title" className={styles.sectionTitle}>
          {cycleTexts.burnUp}
        </h2>
        <BurnUpChart name={cycle.name} days={cycle.burnUp} measure={measure} />
      </section>

      <section className={styles.card} aria-labelledby="cycle-issues-title">
        <h2 id="cycle-issues-title" className={styles.sectionTitle}>
          {cycleTexts.issuesTitle} ({cycle.issues.length})
        </h2>
        {cycle.issues.length === 0 ? (
          <p className={styles.muted}>{cycleTexts.noIssues}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{cycleTexts.columns.key}</th>
                  <th scope="col">{cycleTexts.columns.title}</th>
                  <th scope="col">{cycleTexts.columns.status}</th>
                  <th scope="col">{cycleTexts.columns.assignee}</th>
                  <th scope="col">{cycleTexts.columns.estimate}</th>
                </tr>
              </thead>
              <tbody>
                {cycle.issues.map((issue) => (
                  <tr key={issue.id}>
                    <td>
                      <Link to={`/issues/${encodeURIComponent(issue.key)}`}>{issue.key}</Link>
                    </td>
                    <td>{issue.title}</td>
                    <td>{statusLabel(issue.status)}</td>
                    <td>{issue.owner || cycleTexts.unassigned}</td>
                    <td>{issue.estimate === null ? '' : estimateLabel(scale, issue.estimate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
