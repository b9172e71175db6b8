// The few lines a crash run prints per database: what was struck, what the traffic did, what the
// database held at the end, and every failure (the first 40; the run's directory has the rest).
import { KEEP } from './options.mjs';

export function printSummary(mode, ok, report) {
  const d = report.driver ?? {};
  const perRound = (key) => report.rounds.map((r) => r[key]).join('/');
  console.log(
    [
      `--- ${mode}: ${ok ? 'PASS' : 'FAIL'}`,
      `rounds: ${report.rounds.map((r) => r.kind).join(', ')}`,
      `restart ${perRound('restartMs')} ms; requests in flight at the kills ${perRound('requestsInFlight')}, of them merges ${perRound('mergesAtKill')}`,
      `operations completed: ${JSON.stringify(d.completed)}, interrupted by a kill: ${JSON.stringify(d.interrupted)}, requests ${d.requests}`,
      `merge sequences: ${JSON.stringify(d.mergeOutcomes)}`,
      `acknowledged: ${JSON.stringify(report.journal)}`,
      `database at the end: ${JSON.stringify(report.final)}`,
      `outbox drained ${((report.drainedAfterMs ?? 0) / 1000).toFixed(1)} s after the last restart` +
        (report.predictedRedeliveries !== undefined
          ? `; claims of killed processes already accepted by a provider: ${report.predictedRedeliveries}`
          : ''),
      ...(report.notes ?? []).slice(0, 10).map((n) => `note: ${n}`),
      ...report.failures.slice(0, 40).map((f) => `FAIL: ${f}`),
      ...(report.failures.length > 40 ? [`… ${report.failures.length - 40} more`] : []),
      ...(ok && !KEEP ? [] : [`files: ${report.dir}`]),
    ].join('\n'),
  );
}
