import type { AdoptionPoint } from '@vestibule/contract/schemas/company-admin';
import { useId } from 'react';
import ui from '../../../components/Console.module.css';
import { useTranslation } from '../../../i18n/react';
import { useFormatDay } from '../formatDay';
import styles from './CompanyAdmin.module.css';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/** The adoption lines, drawn as SVG here: no chart library in the bundle. */
export function AdoptionChart({ series }: { series: readonly AdoptionPoint[] }) {
  const { t } = useTranslation();
  const id = useId();
  const formatDay = useFormatDay();
  const max = Math.max(1, ...series.map((point) => point.members));
  const x = (index: number) =>
    PAD.left + (index * (WIDTH - PAD.left - PAD.right)) / Math.max(1, series.length - 1);
  const y = (value: number) => PAD.top + (1 - value / max) * (HEIGHT - PAD.top - PAD.bottom);
  const path = (pick: (point: AdoptionPoint) => number) =>
    series
      .map((point, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)},${y(pick(point)).toFixed(1)}`)
      .join('');
  const ticks = [0, Math.round(max / 2), max];
  const first = series[0];
  const last = series.at(-1);
  return (
    <figure className={ui.stack} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>
        <strong>{t('companyAdmin.adoption.chartTitle')}</strong>
      </figcaption>
      {/* The table beside it carries the figures for screen readers: the drawing is decoration. */}
      <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={styles.axis} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className={styles.gridLabel} x={PAD.left - 8} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {first && (
          <text className={styles.gridLabel} x={PAD.left} y={HEIGHT - 8}>
            {formatDay(first.day)}
          </text>
        )}
        {last && (
          <text className={styles.gridLabel} x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end">
            {formatDay(last.day)}
          </text>
        )}
        <path className={styles.lineMembers} d={path((point) => point.members)} />
        <path className={styles.lineMfa} d={path((point) => point.with_mfa)} data-testid="adoption-line" />
      </svg>
      <ul className={styles.legend}>
        <li>
          <span className={styles.swatchMfa} aria-hidden="true" />
          {t('companyAdmin.adoption.withMfa')}
        </li>
        <li>
          <span className={styles.swatchMembers} aria-hidden="true" />
          {t('companyAdmin.adoption.members')}
        </li>
      </ul>
    </figure>
  );
}
