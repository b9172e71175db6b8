import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type CodeSchema = z.ZodType<{ code: string }, { code: string }>;

/**
 * The form of a code screen, on react-hook-form with the screen's zod schema (messages are
 * translation keys). What was said about a code shows until the user types again (SPEC §4): the
 * field is checked on submit only and its message goes with the next keystroke. `code` is the
 * field's registration, for components/CodeField; `extra.onChange` runs on each keystroke too;
 * `extra.defaultCode` fills the field at first.
 */
export function useCodeForm(schema: CodeSchema, extra: { onChange?: () => void; defaultCode?: string } = {}) {
  const form = useForm<{ code: string }>({
    resolver: zodResolver(schema),
    defaultValues: { code: extra.defaultCode ?? '' },
    reValidateMode: 'onSubmit',
  });
  const code = form.register('code', {
    onChange: () => {
      form.clearErrors('code');
      extra.onChange?.();
    },
  });
  return { ...form, code };
}
