import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

describe.each(testDatabases())('health on $name', (backend) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ backend });
  });
  afterAll(async () => {
    await server.close();
  });

  it('GET /healthz answers ok', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ok while the database answers, 503 once it is gone', async () => {
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
    await server.services.database.close();
    const down = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
    const live = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });
});
