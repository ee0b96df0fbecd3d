import type { BurnUpDay } from '@trackboard/contracts';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { dateTimeFormat, useMediaQuery } from '@trackboard/web-kit';
import { useId } from 'react';
import { cycleTexts } from './cycle-texts';
import styles from './cycles.module.css';

// A cycle's burn-up drawn with visx (scales, axes and lines from a maintained library): the scope
// line and the done line, day by day. The same numbers are in a table for screen readers.

// Drawn in the units it is shown in, near enough: a phone gets a narrower chart with fewer day
// labels rather than the desktop one scaled down to unreadable text.
const sizes = { wide: { width: 640, height: 260, ticks: 14 }, narrow: { width: 360, height: 240, ticks: 5 } };
const margin = { top: 12, right: 16, bottom: 32, left: 40 };
// A day of the cycle is a calendar date: the same day wherever it is read.
const shortDay = (date: string) =>
  dateTimeFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

export type Measure = 'issues' | 'points';

export function BurnUpChart({ name, days, measure }: { name: string; days: BurnUpDay[]; measure: Measure }) {
  const titleId = useId();
  const descriptionId = useId();
  const { width, height, ticks: tickCount } = sizes[useMediaQuery('(max-width: 40rem)') ? 'narrow' : 'wide'];
  const measureName = measure === 'issues' ? cycleTexts.measureIssues : cycleTexts.measurePoints;
  if (days.length === 0) return <p className={styles.muted}>{cycleTexts.burnUpEmpty}</p>;
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scalePoint({ domain: days.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const top = Math.max(1, ...days.map((d) => d.scope[measure]));
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  // A label a day while they fit; then every few days, so labels never run into each other.
  const every = Math.ceil(days.length / tickCount);
  const ticks = days.filter((_, i) => i % every === 0).map((d) => d.date);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
      >
        <title id={titleId}>{`${cycleTexts.burnUp}: ${name}`}</title>
        <desc id={descriptionId}>{cycleTexts.burnUpDescription(name, measureName)}</desc>
        <Group left={margin.left} top={margin.top}>
          <AxisLeft
            scale={y}
            numTicks={Math.min(5, top)}
            tickFormat={(v) => String(v)}
            stroke="var(--color-border)"
            tickStroke="var(--color-border)"
            tickLabelProps={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={ticks}
            tickFormat={shortDay}
            stroke="var(--color-border)"
            tickStroke="var(--color-border)"
            tickLabelProps={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
          />
          <LinePath
            data={days}
            x={(d) => x(d.date) ?? 0}
            y={(d) => y(d.scope[measure])}
            className={styles.scopeLine}
            strokeWidth={2}
            strokeDasharray="6 4"
            fill="none"
            data-series="scope"
          />
          <LinePath
            data={days}
            x={(d) => x(d.date) ?? 0}
            y={(d) => y(d.done[measure])}
            className={styles.doneLine}
            strokeWidth={3}
            fill="none"
            data-series="done"
          />
        </Group>
      </svg>
      <ul className={styles.legend} aria-hidden="true">
        <li style={{ ['--swatch' as string]: 'var(--color-text-muted)' }}>{cycleTexts.scope}</li>
        <li style={{ ['--swatch' as string]: 'var(--color-primary)' }}>{cycleTexts.done}</li>
      </ul>
      <table className={styles.visuallyHidden}>
        <caption>{cycleTexts.burnUpDescription(name, measureName)}</caption>
        <thead>
          <tr>
            <th scope="col">{cycleTexts.dayColumn}</th>
            <th scope="col">{cycleTexts.scope}</th>
            <th scope="col">{cycleTexts.done}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{shortDay(d.date)}</th>
              <td>{d.scope[measure]}</td>
              <td>{d.done[measure]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
