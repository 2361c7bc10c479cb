import { composeStories } from '@storybook/react';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { it } from 'vitest';
import { expectNoAxeViolations } from './axe';

/**
 * One test per story of a `*.stories.tsx` module: it renders, `check` finds (or waits for) what the story must
 * show, and axe reports no violation.
 */
export function itRendersStoriesAccessibly(
  stories: Parameters<typeof composeStories>[0],
  check: (container: HTMLElement) => void | Promise<void>,
): void {
  // composeStories types each story from the module's exports; rendered here, a story is just a component.
  const composed = Object.entries(composeStories(stories)) as Array<[string, ComponentType]>;
  it.each(composed)('%s renders without axe violations', async (_name, Story) => {
    const { container } = render(<Story />);
    await check(container);
    await expectNoAxeViolations(container);
  });
}
