import { waitFor } from '@testing-library/react';
import { describe, expect } from 'vitest';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import * as documentStatusStories from './DocumentStatusElement.stories';
import * as signStories from './SignElement.stories';
import * as verifyStories from './VerifyElement.stories';

/** Waits until the shell shows the content (its language's texts loaded), in the story's language. */
async function contentShown(container: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const root = container.querySelector<HTMLElement>('[part~="root"]');
    expect(root?.getAttribute('part')).toBe('root');
    return root as HTMLElement;
  });
}

/** Loading shows its status, an error the catalogue's text, a document its heading and `part`. */
function expectSessionState(root: HTMLElement, documentPart: string): void {
  const heading = root.querySelector('h2');
  if (heading) {
    expect(heading.textContent).not.toBe('');
    expect(root.querySelector(documentPart)).toBeTruthy();
    return;
  }
  const alert = root.querySelector('[role="alert"]');
  if (alert) expect(alert.textContent?.length).toBeGreaterThan(5);
  else expect(root.querySelector('[role="status"]')).toBeTruthy();
}

describe('<qoltanba-document-status> stories', () => {
  itRendersStoriesAccessibly(documentStatusStories, async (container) => {
    const root = await contentShown(container);
    expect(root.getAttribute('lang')).toMatch(/^(kk|ru|en)$/);
    expectSessionState(root, '[part="status"]');
  });
});

describe('<qoltanba-sign> stories', () => {
  itRendersStoriesAccessibly(signStories, async (container) => {
    const root = await contentShown(container);
    expectSessionState(root, '[part="actions"]');
  });
});

describe('<qoltanba-verify> stories', () => {
  itRendersStoriesAccessibly(verifyStories, async (container) => {
    const root = await contentShown(container);
    expect(root.querySelector('[part="verify"] button')).toBeTruthy();
  });
});
