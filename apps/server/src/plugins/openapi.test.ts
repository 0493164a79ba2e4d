import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../test/route-table.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isDocumented } from './openapi.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI description', () => {
  it('documents what every /api route answers (a response schema or the media type it produces)', () => {
    const undocumented = apiRoutes(t.app)
      .filter((r) => !isDocumented(r))
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented, undocumented.join('\n')).toEqual([]);
  });

  it('serves OpenAPI 3.1 with every route, its access and its schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { 'x-auth': string; requestBody?: unknown; parameters: unknown[] }>
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations.length).toBe(apiRoutes(t.app).length);
    const create = doc.paths['/api/v2/portfolios/']?.post;
    expect(create?.['x-auth']).toBe('user');
    expect(JSON.stringify(create?.requestBody)).toContain('"name"');
    const put = doc.paths['/api/v2/portfolios/{id}/']?.put;
    expect(put?.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
  });

  it('lists the operations on a docs page that needs no script', async () => {
    const res = await t.client().get('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/api/v2/portfolios/{id}/');
    expect(res.body).not.toContain('<script');
  });
});
