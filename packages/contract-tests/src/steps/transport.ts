import { DOCUMENT_PATHS } from '@qoltanba/core';
import { companyPath, refused, type Step } from '../table-support';

/** Transport: methods and addresses no route has. */
export const transportSteps: Step[] = [
  // ----- transport -----
  {
    name: 'a method the route does not have',
    request: () => ({ method: 'PATCH', path: companyPath(DOCUMENT_PATHS.folders), as: 'a', json: {} }),
    expect: refused('METHOD_NOT_ALLOWED', 405),
  },
  {
    name: 'an address no route has',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.documents)}/1/nothing`, as: 'a' }),
    expect: refused('ROUTE_NOT_FOUND', 404),
  },
];
