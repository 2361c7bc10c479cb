import { describe, expect, it } from 'vitest';
import { isCompanySwitchLocked, isOpenWithoutCompany, ROUTE_NAMES, type RouteName } from './routeNames';
import { CABINET_ROUTES, ROUTE_TABLE, type RouteEntry, resolveRoute } from './routeTable';

function allEntries(entries: readonly RouteEntry[]): RouteEntry[] {
  return entries.flatMap((entry) => [entry, ...allEntries(entry.children ?? [])]);
}

describe('route table', () => {
  it.each<[string, RouteName]>([
    ['/', 'main'],
    ['/document/abc123/by-hash', 'DocumentByHash'],
    ['/tariffs', 'Tariffs'],
    ['/check', 'Check'],
    ['/check/15/27', 'CheckFile'],
    ['/help/kk', 'Help'],
    ['/help/ru', 'Help'],
    ['/help/en', 'Help'],
    ['/cabinet', 'CabinetIndex'],
    ['/cabinet/incoming', 'Incoming'],
    ['/cabinet/incoming/42', 'IncomingDoc'],
    ['/cabinet/outgoing', 'Outgoing'],
    ['/cabinet/outgoing/42', 'OutgoingDoc'],
    ['/cabinet/create', 'CreateDocument'],
    ['/cabinet/edit/42', 'EditDocument'],
    ['/cabinet/document/42', 'Document'],
    ['/cabinet/draft', 'Drafts'],
    ['/cabinet/draft/42', 'DraftDoc'],
    ['/cabinet/trash', 'Trash'],
    ['/cabinet/trash/42', 'TrashDoc'],
    ['/cabinet/tariffs', 'CabinetTariffs'],
    ['/cabinet/main', 'CabinetMain'],
    ['/cabinet/services', 'Services'],
    ['/cabinet/notification', 'Notification'],
    ['/cabinet/copy/42', 'CopyDocument'],
    ['/cabinet/folder', 'Folder'],
    ['/cabinet/folder/7', 'Folder'],
    ['/cabinet/counterparty', 'Counterparty'],
    ['/cabinet/payments', 'Payments'],
    ['/cabinet/profile', 'Profile'],
    ['/cabinet/onboarding', 'OnboardingStart'],
    ['/cabinet/company/add', 'AddCompany'],
    ['/cabinet/company/attach', 'AttachCompany'],
  ])('%s resolves to %s', (path, name) => {
    expect(resolveRoute(path).name).toBe(name);
  });

  it('passes path parameters through', () => {
    expect(resolveRoute('/check/15/27').params).toMatchObject({ docId: '15', fileId: '27' });
    expect(resolveRoute('/cabinet/folder/7').params).toMatchObject({ id: '7' });
    expect(resolveRoute('/cabinet/folder').params.id).toBeUndefined();
  });

  it.each(['/help/de', '/help/kz', '/help'])('%s, not a help language, is the not-found page', (path) => {
    expect(resolveRoute(path).name).toBe('NotFound');
  });

  it.each([
    '/cabinet/edit/abc',
    '/cabinet/edit/12a',
    '/cabinet/edit/-1',
    '/cabinet/copy/x1',
    '/cabinet/copy/1.5',
  ])('a non-numeric id on %s is the cabinet not-found page', (path) => {
    expect(resolveRoute(path).name).toBe('CabinetNotFound');
  });

  it('document and draft ids are not restricted to digits', () => {
    expect(resolveRoute('/cabinet/draft/abc').name).toBe('DraftDoc');
    expect(resolveRoute('/cabinet/document/abc').name).toBe('Document');
  });

  it.each(['/nope', '/check/1', '/document/1', '/document/1/by-hash/extra', '/cabinetx', '/tariffs/1'])(
    'unknown public path %s is the not-found page',
    (path) => {
      expect(resolveRoute(path).name).toBe('NotFound');
    },
  );

  it.each(['/cabinet/nope', '/cabinet/incoming/1/2', '/cabinet/edit', '/cabinet/copy'])(
    'unknown cabinet path %s is the cabinet not-found page',
    (path) => {
      expect(resolveRoute(path).name).toBe('CabinetNotFound');
    },
  );

  it('gives each of the four status lists its own status (one list screen shows them: routeScreens)', () => {
    const lists = CABINET_ROUTES.filter((entry) => entry.listStatus && !entry.path?.includes(':'));
    expect(lists.map((entry) => [entry.name, entry.listStatus])).toEqual([
      ['Incoming', 'incoming'],
      ['Outgoing', 'outgoing'],
      ['Drafts', 'draft'],
      ['Trash', 'trash'],
    ]);
  });

  it('only edit and copy carry the numeric id rule, and help the language rule', () => {
    const ruled = allEntries(ROUTE_TABLE).filter((entry) => entry.params);
    expect(ruled.map((entry) => entry.name).sort()).toEqual(['CopyDocument', 'EditDocument', 'Help']);
  });

  it('names every route once, and every name in ROUTE_NAMES has a route', () => {
    const names = allEntries(ROUTE_TABLE).map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.values(ROUTE_NAMES).sort());
  });
});

describe('isCompanySwitchLocked', () => {
  it('locks the document creation and editing screens', () => {
    expect(isCompanySwitchLocked('CreateDocument')).toBe(true);
    expect(isCompanySwitchLocked('DraftDoc')).toBe(true);
    expect(isCompanySwitchLocked('EditDocument')).toBe(true);
    expect(isCompanySwitchLocked('CopyDocument')).toBe(true);
  });

  it('leaves every other route unlocked', () => {
    const others = Object.values(ROUTE_NAMES).filter(
      (name) => !['CreateDocument', 'DraftDoc', 'EditDocument', 'CopyDocument'].includes(name),
    );
    expect(others.length).toBeGreaterThan(20);
    for (const name of others) expect(isCompanySwitchLocked(name)).toBe(false);
    expect(isCompanySwitchLocked(undefined)).toBe(false);
  });

  it('resolves from a pathname', () => {
    expect(isCompanySwitchLocked(resolveRoute('/cabinet/edit/5').name)).toBe(true);
    expect(isCompanySwitchLocked(resolveRoute('/cabinet/create').name)).toBe(true);
    expect(isCompanySwitchLocked(resolveRoute('/cabinet/edit/x').name)).toBe(false);
  });
});

describe('isOpenWithoutCompany', () => {
  it('lets a user without a company reach onboarding, add, attach, the profile and the support inbox only', () => {
    const open = Object.values(ROUTE_NAMES).filter((name) => isOpenWithoutCompany(name));
    expect(open.sort()).toEqual([
      'AddCompany',
      'AttachCompany',
      'OnboardingStart',
      'Profile',
      'SupportInbox',
    ]);
    expect(isOpenWithoutCompany(undefined)).toBe(false);
    expect(isOpenWithoutCompany(resolveRoute('/cabinet/company/attach').name)).toBe(true);
    expect(isOpenWithoutCompany(resolveRoute('/cabinet/company').name)).toBe(false);
  });
});
