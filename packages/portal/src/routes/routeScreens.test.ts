import { describe, expect, it } from 'vitest';
import { ROUTE_SCREENS, screenOf } from './routeScreens';
import { ROUTE_TABLE, type RouteEntry } from './routeTable';

function allEntries(entries: readonly RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...allEntries(entry.children ?? [])]);
}

describe('route screens', () => {
  it('every entry has a lazy screen except the cabinet index redirect', () => {
    for (const entry of allEntries(ROUTE_TABLE)) {
      if (entry.name === 'CabinetIndex') {
        expect(entry.redirect).toBe('cabinetHome');
        expect(screenOf(entry.name)).toBeUndefined();
      } else expect(typeof screenOf(entry.name)).toBe('function');
    }
  });

  it('one list screen shows the four status lists, one editor the four editor modes', () => {
    const { Incoming, Outgoing, Drafts, Trash } = ROUTE_SCREENS;
    expect(new Set([Incoming, Outgoing, Drafts, Trash]).size).toBe(1);
    const { CreateDocument, EditDocument, DraftDoc, CopyDocument } = ROUTE_SCREENS;
    expect(new Set([CreateDocument, EditDocument, DraftDoc, CopyDocument]).size).toBe(1);
  });

  it('each lazy screen module default-exports a component', async () => {
    for (const load of new Set(Object.values(ROUTE_SCREENS))) {
      const module = await load();
      expect(typeof module.default).toBe('function');
    }
  }, 60_000);
});
