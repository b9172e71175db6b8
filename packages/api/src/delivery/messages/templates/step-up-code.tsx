import { CodeEmail } from '../components/kinds';
import type { MessageContext } from '../context';

/** The code that confirms a sensitive change (step-up, "sudo"). */
export function StepUpCode(m: MessageContext<'step_up_code'>) {
  return <CodeEmail m={m} />;
}
