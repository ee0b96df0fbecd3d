import { startReceiver, type Receiver } from '../testing/webhook-receiver';
import { attemptDelivery, signatureOf } from './webhook-sender';
import type { Resolver } from './webhook-target';

// One delivery attempt against a receiver on loopback: pinned to the checked address with the
// URL's own Host, checked again before it goes, and a redirect counted as a failure.
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(200);
});

const delivery = { id: '6f1c8a43-3c1a-4f7e-9f54-7b1f0d6a2e10', event: 'issue.created', body: '{"hello":"world"}' };
const secret = 'sixteen-chars-secret';

it('connects to the address the check resolved, keeping the URL’s host in the Host header', async () => {
  const port = new URL(receiver.url).port;
  const asked: string[] = [];
  const resolve: Resolver = async (host) => {
    asked.push(host);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  const outcome = await attemptDelivery({ url: `http://hooks.example.test:${port}/in?x=1`, secret }, delivery, {
    allowPrivate: true,
    resolve,
  });
  expect(outcome).toMatchObject({ responseCode: 200, error: null });
  expect(asked).toEqual(['hooks.example.test']); // resolved once
  const [got] = receiver.received;
  expect(got!.headers.host).toBe(`hooks.example.test:${port}`);
  expect(got!.path).toBe('/in?x=1');
  expect(got!.body).toBe(delivery.body);
  expect(got!.headers['x-trackboard-signature']).toBe(signatureOf(secret, delivery.body));
});

it('checks the target again at delivery: a private address is not contacted', async () => {
  const outcome = await attemptDelivery({ url: receiver.url, secret }, delivery, { allowPrivate: false });
  expect(outcome).toMatchObject({ responseCode: null, error: 'The target address is not public.' });
  expect(receiver.received).toEqual([]);
});

it('does not follow a redirect: a 3xx is a failed attempt', async () => {
  receiver.answer(302);
  const outcome = await attemptDelivery({ url: receiver.url, secret }, delivery, { allowPrivate: true });
  expect(outcome).toMatchObject({ responseCode: 302, error: 'The receiver answered 302.' });
  expect(receiver.received).toHaveLength(1);
});

it('reports a refused connection as a failure without a response code', async () => {
  const closed = await startReceiver();
  await closed.close();
  const outcome = await attemptDelivery({ url: closed.url, secret }, delivery, { allowPrivate: true });
  expect(outcome.responseCode).toBeNull();
  expect(outcome.error).toMatch(/^Could not connect: /);
});
