import { checkContract, createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// The contract check every service suite runs through the test platform (test-platform's
// contract-check.ts): answers held to the service's own OpenAPI document. Here, that it bites.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const project = () => t.platform.apps.project;

describe('the contract check', () => {
  it('passes an answer shaped as documented', async () => {
    const lead = await t.givenUser();
    const res = await t.as(lead.token).post('/api/projects', { name: 'Contract', key: 'CONTRACT' });
    expect(res.status).toBe(201);
    await expect(checkContract(project(), 'POST', '/api/projects', res)).resolves.toBeUndefined();
  });

  it('fails a body of the wrong shape', async () => {
    const wrong = Response.json({ id: 1, key: 'WEB' });
    await expect(checkContract(project(), 'GET', '/api/projects/WEB', wrong)).rejects.toThrow(
      /GET \/api\/projects\/WEB \(\/api\/projects\/\{key\}\) answered 200 with a body its OpenAPI schema refuses/,
    );
  });

  it('fails a status the route does not document, and an error body without its message', async () => {
    await expect(
      checkContract(project(), 'GET', '/api/projects/WEB', Response.json({ message: 'x' }, { status: 418 })),
    ).rejects.toThrow(/answered 418, which its OpenAPI description does not list/);
    await expect(
      checkContract(project(), 'GET', '/api/projects/WEB', Response.json({ error: 'x' }, { status: 404 })),
    ).rejects.toThrow(/answered 404 with a body its OpenAPI schema refuses/);
  });

  it('goes through the request helper the service suites use', async () => {
    // A real answer of a described route: checked on the way, and it passes.
    const user = await t.givenUser();
    expect((await t.as(user.token).get('/api/projects')).status).toBe(200);
  });
});
