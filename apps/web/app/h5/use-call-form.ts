import type { FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { CallBody, CallDef } from '#contract/call.ts';
import { api } from '../api/client.ts';
import { useAction } from '../features/account/use-action.ts';
import { useFormValues } from './use-form-values.ts';

/**
 * A signed-in page's form sent by one call: its values checked by the call's own schema, sent, the success said,
 * and the page's data read again; a refusal is kept for the form to show beside its button.
 */
export function useCallForm<C extends CallDef, V extends object>(call: C, initial: V, success: string) {
  const form = useFormValues(initial);
  const { run, pending, error } = useAction();
  const revalidator = useRevalidator();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check(call.body);
    if (!body) return;
    // the schema's output is what the call takes
    const sent = await run(() => api(call, body as CallBody<C>), { success });
    if (sent !== undefined) await revalidator.revalidate();
  }
  return { ...form, pending, error, submit };
}
