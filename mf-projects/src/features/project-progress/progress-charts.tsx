import type { ProgressWeek } from '@trackboard/contracts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scalePoint } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useId, type ReactNode } from 'react';
import { progressTexts as m } from './progress-texts';
import styles from './progress.module.css';

// The progress panel's two charts, drawn with visx (scales, axes, lines and bars from a
// maintained library). Each is an image with a title and a description, and the same numbers
// are in a table that only screen readers read.

const WIDTH = 420;
const HEIGHT = 220;
const margin = { top: 12, right: 12, bottom: 32, left: 36 };
const innerWidth = WIDTH - margin.left - margin.right;
const innerHeight = HEIGHT - margin.top - margin.bottom;
const axisProps = {
  stroke: 'var(--color-border)',
  tickStroke: 'var(--color-border)',
  tickLabelProps: { fill: 'var(--color-text-muted)', fontSize: 11 },
};

type Series = { key: 'open' | 'done' | 'created' | 'closed'; label: string; className: string | undefined };

/** The numbers' scale: whole issues, at least up to 1 so an empty chart still has an axis. */
const countScale = (weeks: ProgressWeek[], series: Series[]) => {
  const top = Math.max(1, ...weeks.flatMap((w) => series.map((s) => w[s.key])));
  return { top, y: scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true }) };
};

function Chart({
  title,
  description,
  weeks,
  series,
  children,
  x,
  top,
  y,
}: {
  title: string;
  description: string;
  weeks: ProgressWeek[];
  series: Series[];
  children: ReactNode;
  x: ReturnType<typeof scaleBand<string>> | ReturnType<typeof scalePoint<string>>;
  top: number;
  y: ReturnType<typeof scaleLinear<number>>;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        <Group left={margin.left} top={margin.top}>
          <AxisLeft scale={y} numTicks={Math.min(5, top)} tickFormat={(v) => String(v)} {...axisProps} />
          <AxisBottom top={innerHeight} scale={x} tickFormat={m.weekEnd} {...axisProps} />
          {children}
        </Group>
      </svg>
      <figcaption className={styles.caption} aria-hidden="true">
        <span className={styles.chartTitle}>{title}</span>
        <ul className={styles.legend}>
          {series.map((s) => (
            <li key={s.key} className={s.className}>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <table className={styles.visuallyHidden}>
        <caption>{description}</caption>
        <thead>
          <tr>
            <th scope="col">{m.weekColumn}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.end}>
              <th scope="row">{m.weekEnd(w.end)}</th>
              {series.map((s) => (
                <td key={s.key}>{w[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

// The labels are read when drawn, in the page's language.
const openDone: Series[] = [
  {
    key: 'open',
    get label() {
      return m.open;
    },
    className: styles.first,
  },
  {
    key: 'done',
    get label() {
      return m.done;
    },
    className: styles.second,
  },
];

/** Open and done issues at each week's end: two lines. */
export function OpenDoneChart({ weeks }: { weeks: ProgressWeek[] }) {
  const x = scalePoint({ domain: weeks.map((w) => w.end), range: [0, innerWidth], padding: 0.3 });
  const { top, y } = countScale(weeks, openDone);
  return (
    <Chart
      title={m.openDoneTitle}
      description={m.openDoneDescription}
      weeks={weeks}
      series={openDone}
      x={x}
      top={top}
      y={y}
    >
      {openDone.map((s) => (
        <LinePath
          key={s.key}
          data={weeks}
          x={(w) => x(w.end) ?? 0}
          y={(w) => y(w[s.key])}
          className={s.className}
          strokeWidth={2.5}
          fill="none"
          data-series={s.key}
        />
      ))}
    </Chart>
  );
}

const createdClosed: Series[] = [
  {
    key: 'created',
    get label() {
      return m.created;
    },
    className: styles.first,
  },
  {
    key: 'closed',
    get label() {
      return m.closed;
    },
    className: styles.second,
  },
];

/** Issues created and closed in each week: a pair of bars a week. */
export function CreatedClosedChart({ weeks }: { weeks: ProgressWeek[] }) {
  const x = scaleBand({ domain: weeks.map((w) => w.end), range: [0, innerWidth], padding: 0.25 });
  const pair = scaleBand({ domain: createdClosed.map((s) => s.key), range: [0, x.bandwidth()], padding: 0.1 });
  const { top, y } = countScale(weeks, createdClosed);
  return (
    <Chart
      title={m.createdClosedTitle}
      description={m.createdClosedDescription}
      weeks={weeks}
      series={createdClosed}
      x={x}
      top={top}
      y={y}
    >
      {weeks.map((w) => (
        <Group key={w.end} left={x(w.end) ?? 0}>
          {createdClosed.map((s) => (
            <Bar
              key={s.key}
              x={pair(s.key) ?? 0}
              y={y(w[s.key])}
              width={pair.bandwidth()}
              height={innerHeight - y(w[s.key])}
              className={s.className}
              data-series={s.key}
            />
          ))}
        </Group>
      ))}
    </Chart>
  );
}
