import { useState } from 'react';
import type { z } from 'zod';
import { checkBody, type Errors } from './form-parts.tsx';

/**
 * A phone form's values and the contract's message under each field: typing into a field clears its message
 * (`bind` and `bindPicture` give a field its props), and `check` reads the values by a call's schema, showing each field's message (and giving null) when they break a rule.
 */
export function useFormValues<V extends object>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof V & string) => (e: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [k]: e.target.value }));
    setErrors((old) => ({ ...old, [k]: '' }));
  };
  /** A text field's own props: its name, value, change and message. */
  const bind = (k: keyof V & string) => ({
    name: k,
    value: String(values[k] ?? ''),
    onChange: set(k),
    error: errors[k],
  });
  /** A picture field's props: the address it holds, and the one it is given. */
  const bindPicture = (k: keyof V & string) => ({
    value: String(values[k] ?? ''),
    onChange: (url: string) => setValues((old) => ({ ...old, [k]: url })),
  });
  function check<S extends z.ZodType>(schema: S, body: unknown = values): z.output<S> | null {
    const checked = checkBody(schema, body);
    setErrors(checked.ok ? {} : checked.errors);
    return checked.ok ? checked.data : null;
  }
  return { v: values, setV: setValues, errors, set, bind, bindPicture, check };
}
