import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';

// Test helpers for the account widgets; only test files import this module.

/** The input labelled `name` (inputs only, so a tab panel named like a field does not match). */
export function inputNamed(name: RegExp | string): HTMLInputElement {
  return screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;
}

/** Types `value` into the input labelled `name`. */
export function typeInto(name: RegExp | string, value: string): void {
  fireEvent.change(inputNamed(name), { target: { value } });
}

/**
 * Enter in a text field: the browser submits the field's form through its submit button (implicit
 * submission), which happy-dom does not do, so check the button exists and submit the form.
 */
export function pressEnter(input: HTMLInputElement): void {
  const form = input.form;
  expect(form, 'the field is inside a form').toBeTruthy();
  expect(form?.querySelector('button[type="submit"]'), 'the form has a submit button').toBeTruthy();
  if (form) fireEvent.submit(form);
}
