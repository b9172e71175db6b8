// Time to render one e-mail (React Email, HTML and text part), the work a request that sends a
// message does inside its transaction (decision 0044). It was a timed assertion in
// test/delivery/messages.test.ts; timings belong to the bench, never to a test.
// `node --import tsx bench/email-render-time.ts <renders>`; prints { firstMs, medianMs, renders }.
import { renderEmail } from '../packages/api/src/delivery/messages/render';

const renders = Number(process.argv[2] ?? 40);
const input = {
  purpose: 'iban_changed' as const,
  edition: 'general',
  locale: 'nl',
  values: { last4: '1234' },
  publicOrigin: 'https://account.example.com',
};

async function timed(): Promise<number> {
  const started = performance.now();
  await renderEmail(input);
  return performance.now() - started;
}

// The first render of a process loads the templates and warms React up.
const firstMs = await timed();
const times: number[] = [];
for (let i = 0; i < renders; i++) times.push(await timed());
times.sort((a, b) => a - b);
console.log(JSON.stringify({ firstMs, medianMs: times[Math.floor(times.length / 2)], renders }));
