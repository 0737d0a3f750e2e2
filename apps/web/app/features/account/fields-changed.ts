import type { FormInstance } from 'antd';

/**
 * The forms here have no antd rules (the contract's schemas check on submit), so antd never clears an error
 * by itself: a field the person edits loses its error, and so does the form's server message.
 */
export function fieldsChanged(
  form: FormInstance,
  changed: Record<string, unknown>,
  clearFormError?: (v: null) => void,
): void {
  const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
  if (names.length) form.setFields(names.map((name) => ({ name, errors: [] })));
  clearFormError?.(null);
}
