import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const MARK = 'data-axe-target';

/**
 * The axe-core violations inside the element `target` finds (rule id and the elements' selectors), or an empty
 * list. axe is injected on first use in each document.
 */
export async function axeViolations(target: Locator): Promise<string[]> {
  const page = target.page();
  // Evaluated through the devtools protocol: the portal's CSP (script-src 'self') refuses an inline script tag.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await target.evaluate((element, mark) => element.setAttribute(mark, ''), MARK);
  try {
    return await page.evaluate(async (include) => {
      const { axe } = window as unknown as {
        axe: {
          run(
            context: unknown,
          ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      };
      const results = await axe.run({ include: [[include]] });
      return results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
      );
    }, `[${MARK}]`);
  } finally {
    await target.evaluate((element, mark) => element.removeAttribute(mark), MARK);
  }
}
