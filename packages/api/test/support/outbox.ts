import { openBody } from '../../src/delivery/sealed-body';
import { createSecretBox } from '../../src/security/secret-box';
import { ROTATION_TEST_KEYS, TEST_KEY } from './test-app';

/** Opens what the test apps sealed, the key-rotation tests' keys included. */
const OPENER = createSecretBox([TEST_KEY, ...ROTATION_TEST_KEYS]);

/** The readable text of an outbox row (bodies are sealed at rest; the dev inbox keeps them). */
export function bodyText(row: { body_text: string | null; body_sealed: boolean }): string {
  const { bodyText: text } = openBody(OPENER, { ...row, body_html: null });
  if (text === null) throw new Error('this message was delivered and its body dropped');
  return text;
}
