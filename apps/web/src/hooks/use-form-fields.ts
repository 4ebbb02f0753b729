import { useCallback, useState, type FormEvent } from 'react';
import type { Validator } from '@/lib/validators';

type Values = Record<string, string>;
/** A key present with `undefined` is a field that was checked and passed: its dependents are checked again. */
type Errors<V> = { [K in keyof V]?: string | undefined };

interface Options<V extends Values> {
  initial: V;
  checks?: { [K in keyof V]?: Validator<V>[] };
  /** Fields checked again when another one changes (the confirmation when the password does), once they were checked. */
  dependents?: { [K in keyof V]?: (keyof V)[] };
}

/** What a field component needs: spread it onto <TextField>. */
export interface FieldBinding {
  name: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export interface FormFields<V extends Values> {
  values: V;
  field: (name: keyof V & string) => FieldBinding;
  /** Shows a message under a field from outside the checks (the send-code button's '请输入正确的手机号'). */
  setError: (name: keyof V & string, message: string) => void;
  /** The form's onSubmit: checks every field, focuses the first one in error, and calls `onValid` only when none is. */
  submit: (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The state of the sign-in forms, which are plain markup (ADR 011). It keeps antd Form's rules of when a message
 * shows, so the pages read as before: a field is checked on every change and all of them on submit, the first failing
 * check's message shows, and a message stays until that field changes.
 */
export function useFormFields<V extends Values>({ initial, checks = {}, dependents = {} }: Options<V>): FormFields<V> {
  const [state, setState] = useState<{ values: V; errors: Errors<V> }>({ values: initial, errors: {} });
  // Plain functions of this render's options: the field bindings below are made anew on every render anyway.
  const check = (name: keyof V, values: V) => {
    for (const validate of checks[name] ?? []) {
      const error = validate(values[name] ?? '', values);
      if (error) return error;
    }
    return undefined;
  };

  const change = (name: keyof V, value: string) =>
    setState((s) => {
      const values = { ...s.values, [name]: value };
      const errors: Errors<V> = { ...s.errors, [name]: check(name, values) };
      for (const other of dependents[name] ?? []) if (other in s.errors) errors[other] = check(other, values);
      return { values, errors };
    });

  const field = (name: keyof V & string): FieldBinding => ({
    name,
    value: state.values[name] ?? '',
    error: state.errors[name],
    onChange: (value) => change(name, value),
  });

  const setError = useCallback(
    (name: keyof V & string, message: string) => setState((s) => ({ ...s, errors: { ...s.errors, [name]: message } })),
    [],
  );

  const submit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { values } = state;
    const errors: Errors<V> = {};
    for (const name of Object.keys(values) as (keyof V & string)[]) errors[name] = check(name, values);
    setState((s) => ({ ...s, errors }));
    const firstInvalid = (Object.keys(errors) as (keyof V & string)[]).find((name) => errors[name]);
    if (!firstInvalid) {
      onValid(values);
      return;
    }
    // On a phone the keyboard opens on the field to fix instead of leaving someone to find the red line.
    const input = event.currentTarget.elements.namedItem(firstInvalid);
    if (input instanceof HTMLInputElement) input.focus();
  };

  return { values: state.values, field, setError, submit };
}
