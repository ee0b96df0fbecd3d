import { checkTarget, isPublicAddress, type Resolver } from './webhook-target';

// The SSRF guard: every address a webhook's host resolves to must be public.

describe('which addresses a webhook may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00::1', 'unique local'],
    ['fc12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:a00:1', 'IPv4-mapped private (hex form)'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    // IPv6 ranges that lead to an IPv4 address: refused when that address would be.
    ['64:ff9b::127.0.0.1', 'NAT64 to loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 to link-local (cloud metadata, hex form)'],
    ['64:ff9b::10.0.0.1', 'NAT64 to private'],
    ['2002:7f00:1::1', '6to4 from loopback'],
    ['2002:c0a8:101::', '6to4 from private'],
    ['2002:a9fe:a9fe:1:2:3:4:5', '6to4 from link-local'],
    // Ranges whose IPv4 address is not where it can be read: refused whole.
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    // On an IPv6-only network with DNS64, every IPv4-only host resolves into NAT64's prefix.
    '64:ff9b::8.8.8.8',
    '64:ff9b::5db8:d70e',
    '2002:808:808::1',
    '2001:4860:4860::8888',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address at all', () => {
    expect(isPublicAddress('example.com')).toBe(false);
  });
});

describe('checking a target URL', () => {
  const resolvingTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const strict = (resolve: Resolver) => ({ allowPrivate: false, resolve });

  it('pins the address the host resolved to', async () => {
    const checked = await checkTarget('https://hooks.example.com/in', strict(resolvingTo('93.184.215.14')));
    expect(checked).toMatchObject({ ok: true, pinned: { address: '93.184.215.14', family: 4 } });
  });

  it('refuses a host with one private address among public ones', async () => {
    const checked = await checkTarget('https://hooks.example.com/in', strict(resolvingTo('93.184.215.14', '10.0.0.5')));
    expect(checked).toEqual({ ok: false, reason: 'refused' });
  });

  it('checks IP literals as they are, IPv6 in brackets too', async () => {
    const never: Resolver = () => Promise.reject(new Error('no lookup for a literal'));
    expect(await checkTarget('http://127.0.0.1:8080/', strict(never))).toEqual({ ok: false, reason: 'refused' });
    expect(await checkTarget('http://[::1]/', strict(never))).toEqual({ ok: false, reason: 'refused' });
    expect(await checkTarget('http://[fd00::1]/', strict(never))).toEqual({ ok: false, reason: 'refused' });
    expect(await checkTarget('http://[::ffff:127.0.0.1]/', strict(never))).toEqual({ ok: false, reason: 'refused' });
    expect(await checkTarget('http://[64:ff9b::169.254.169.254]/', strict(never))).toEqual({
      ok: false,
      reason: 'refused',
    });
    expect(await checkTarget('http://8.8.8.8/', strict(never))).toMatchObject({ ok: true });
  });

  it('resolves with the system resolver: localhost is loopback', async () => {
    expect(await checkTarget('http://localhost:9/', { allowPrivate: false })).toEqual({ ok: false, reason: 'refused' });
  });

  it('says so when the host does not resolve', async () => {
    const failing: Resolver = () => Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await checkTarget('https://nowhere.invalid/', strict(failing))).toEqual({ ok: false, reason: 'unresolved' });
  });

  it('allows private targets when WEBHOOK_ALLOW_PRIVATE is set', async () => {
    expect(await checkTarget('http://127.0.0.1:8080/', { allowPrivate: true })).toMatchObject({
      ok: true,
      pinned: { address: '127.0.0.1' },
    });
  });
});
