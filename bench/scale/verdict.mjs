// The scale targets, held on the bench's results (never in a timed test).

const TARGETS = {
  ratio: 1.25,
  readP99Ms: 25,
  adminSearchP95Ms: 100,
  purgeLoginP99Increase: 0.2,
  outboxPerSecond: 500,
  rssGrowth: 0.1,
};

/** The reads whose p99 at the large size is held to TARGETS.readP99Ms. */
const READS = ['user', 'timeline', 'sessions', 'forgotByCard', 'forgotByNrn', 'onboarding', 'refresh'];

/**
 * Every target against a report of bench/scale/run.mjs: lines to print and whether all hold. A
 * figure that was not measured is named as such, never counted as holding.
 * @param {any} report
 */
export function verdictOf(report) {
  const lines = [];
  let pass = true;
  const check = (ok, text) => {
    if (ok === null) {
      lines.push(`not measured: ${text}`);
      pass = false;
      return;
    }
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${text}`);
    if (!ok) pass = false;
  };
  for (const [name, row] of Object.entries(report.figures)) {
    if (row.ratio === null || row.ratio === undefined) {
      check(null, `${name}: ${row.note ?? 'no ratio'}`);
      continue;
    }
    check(row.ratio <= TARGETS.ratio, `${name}: CPU ratio ${row.ratio} ≤ ${TARGETS.ratio}`);
  }
  for (const name of READS) {
    const p99 = report.latency[name]?.large?.p99;
    check(
      p99 === undefined ? null : p99 <= TARGETS.readP99Ms,
      `${name}: p99 ${p99} ms ≤ ${TARGETS.readP99Ms} ms at the large size`,
    );
  }
  const admin = report.latency.adminSearch?.large?.p95;
  check(
    admin === undefined ? null : admin <= TARGETS.adminSearchP95Ms,
    `adminSearch: p95 ${admin ?? '—'} ms ≤ ${TARGETS.adminSearchP95Ms} ms`,
  );
  const purge = report.purge.large ?? report.purge.small;
  check(
    purge?.loginP99Increase === undefined || purge?.loginP99Increase === null
      ? null
      : purge.loginP99Increase <= TARGETS.purgeLoginP99Increase,
    `purge of ${purge?.auditRowsRemoved ?? '—'} audit rows and ${purge?.sessionsRemoved ?? '—'} sessions: login p99 +${Math.round((purge?.loginP99Increase ?? Number.NaN) * 100)} % ≤ +${TARGETS.purgeLoginP99Increase * 100} %`,
  );
  const outbox = report.outbox.large ?? report.outbox.small;
  check(
    outbox ? outbox.perSecond >= TARGETS.outboxPerSecond : null,
    `outbox: ${outbox?.perSecond ?? '—'} e-mails/s ≥ ${TARGETS.outboxPerSecond}`,
  );
  const rss = report.rss;
  const growth = rss.large?.peak && rss.small?.peak ? rss.large.peak / rss.small.peak - 1 : null;
  check(
    growth === null ? null : growth <= TARGETS.rssGrowth,
    `peak RSS: +${Math.round((growth ?? Number.NaN) * 100)} % ≤ +${TARGETS.rssGrowth * 100} %`,
  );
  return { pass, lines };
}
