import { cabinetHomePath } from '@qoltanba/sdk';
import { describe, expect, it } from 'vitest';
import { childPath, type PathName, pathTo, ROUTE_PATHS } from './routePaths';
import { resolveRoute } from './routeTable';

describe('pathTo', () => {
  it('builds the address of a route without parameters', () => {
    expect(pathTo('main')).toBe('/');
    expect(pathTo('Incoming')).toBe('/cabinet/incoming');
    expect(pathTo('CreateDocument')).toBe('/cabinet/create');
    expect(pathTo('Counterparty')).toBe('/cabinet/counterparty');
    expect(pathTo('AttachCompany')).toBe('/cabinet/company/attach');
  });

  it.each<[string, string]>([
    [pathTo('IncomingDoc', { id: 42 }), '/cabinet/incoming/42'],
    [pathTo('OutgoingDoc', { id: 42 }), '/cabinet/outgoing/42'],
    [pathTo('EditDocument', { id: 15 }), '/cabinet/edit/15'],
    [pathTo('CopyDocument', { id: 15 }), '/cabinet/copy/15'],
    [pathTo('Document', { id: 5 }), '/cabinet/document/5'],
    [pathTo('DraftDoc', { id: 'abc' }), '/cabinet/draft/abc'],
    [pathTo('TrashDoc', { id: 9 }), '/cabinet/trash/9'],
    [pathTo('CheckFile', { docId: 15, fileId: 27 }), '/check/15/27'],
    [pathTo('DocumentByHash', { id: 'abc123' }), '/document/abc123/by-hash'],
    [pathTo('SigningLink', { token: 'tok-1' }), '/sign/tok-1'],
  ])('fills parameters: %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it('leaves out an optional parameter that is not given', () => {
    expect(pathTo('Folder')).toBe('/cabinet/folder');
    expect(pathTo('Folder', {})).toBe('/cabinet/folder');
    expect(pathTo('Folder', { id: undefined })).toBe('/cabinet/folder');
    expect(pathTo('Folder', { id: 7 })).toBe('/cabinet/folder/7');
  });

  it('encodes parameter values, so a value never adds a segment', () => {
    expect(pathTo('DraftDoc', { id: 'a/b c?' })).toBe('/cabinet/draft/a%2Fb%20c%3F');
    expect(resolveRoute(pathTo('DraftDoc', { id: 'a/b' })).params.id).toBe('a/b');
  });

  it('refuses a required parameter that got past the type check empty', () => {
    expect(() => pathTo('Document', { id: '' })).toThrow(/parameter 'id' is missing/);
  });

  it('every address resolves back to its own route (Cabinet to its index)', () => {
    const sample = { id: 12, docId: 3, fileId: 4, token: 'link-token', lang: 'ru' };
    for (const name of Object.keys(ROUTE_PATHS) as PathName[]) {
      const path = (pathTo as (name: PathName, params: object) => string)(name, sample);
      expect(resolveRoute(path).name, path).toBe(name === 'Cabinet' ? 'CabinetIndex' : name);
    }
    expect(resolveRoute(pathTo('Folder')).name).toBe('Folder');
  });

  it("agrees with the sdk's home of the bare /cabinet", () => {
    expect(cabinetHomePath(1400)).toBe(pathTo('Incoming'));
    expect(cabinetHomePath(390)).toBe(pathTo('CabinetMain'));
  });

  it('is typed: a wrong name, a missing, unknown or extra parameter fails the type check', () => {
    const misuse = [
      // @ts-expect-error: no route is named so
      () => pathTo('Nowhere'),
      // @ts-expect-error: the not-found page has no address
      () => pathTo('NotFound'),
      // @ts-expect-error: names are case-sensitive
      () => pathTo('document', { id: 5 }),
      // @ts-expect-error: Document needs its id
      () => pathTo('Document'),
      // @ts-expect-error: Document needs its id
      () => pathTo('Document', {}),
      // @ts-expect-error: CheckFile needs fileId too
      () => pathTo('CheckFile', { docId: 1 }),
      // @ts-expect-error: Document has no docId
      () => pathTo('Document', { id: 5, docId: 1 }),
      // @ts-expect-error: Tariffs takes no parameters
      () => pathTo('Tariffs', { id: 1 }),
      // @ts-expect-error: Folder's id is a string or number
      () => pathTo('Folder', { id: true }),
    ];
    expect(misuse).toHaveLength(9);
  });
});

describe('childPath', () => {
  it('gives a pattern relative to its parent', () => {
    expect(childPath(ROUTE_PATHS.Cabinet, 'EditDocument')).toBe('edit/:id');
    expect(childPath(ROUTE_PATHS.main, 'CheckFile')).toBe('check/:docId/:fileId');
    expect(() => childPath(ROUTE_PATHS.Cabinet, 'Tariffs')).toThrow(/not below/);
  });
});
