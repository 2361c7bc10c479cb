// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('on a server (no window)', () => {
  it('importing the ESM entry and the script-tag entry throws nothing and defines no global', async () => {
    expect(typeof window).toBe('undefined');
    const entry = await import('./index');
    await import('./loader/script');
    expect('QoltanbaHelp' in globalThis).toBe(false);
    // Every function is a no-op there.
    entry.qoltanbaHelp('open');
    expect(await entry.loadHelpWidget({ lang: 'ru' })).toBeNull();
    expect('QoltanbaHelp' in globalThis).toBe(false);
    expect(entry.helpWidgetSnippet()).toContain('/widgets/help-widget.js');
  });
});
