import axe from 'axe-core';
import { expect } from 'vitest';

/** Runs axe-core on `root` and fails with the rule ids and targets of any violation. */
export async function expectNoAxeViolations(root: Element): Promise<void> {
  const results = await axe.run(root, {
    // Layout-dependent rules cannot be judged without a rendering engine; Playwright covers real pixels.
    rules: { 'color-contrast': { enabled: false } },
  });
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(violations).toEqual([]);
}
