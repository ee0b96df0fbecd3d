import { describeUserAgent } from './describe-user-agent';

// Real browsers' User-Agents, each naming the browsers it imitates too.
const agents = {
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.67',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

describe('describeUserAgent', () => {
  it.each([
    ['Chrome on Linux', agents.chromeLinux],
    ['Firefox on Windows', agents.firefoxWindows],
    ['Safari on iPhone', agents.safariIphone],
    ['Safari on macOS', agents.safariMac],
    ['Firefox on Linux', agents.firefoxLinux],
    ['Chrome on ChromeOS', agents.chromeOs],
  ])('says %s', (expected, ua) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });

  it('tells Edge, Opera and Samsung Internet from the Chrome they also name', () => {
    expect(describeUserAgent(agents.edgeWindows)).toBe('Edge on Windows');
    expect(describeUserAgent(agents.edgeAndroid)).toBe('Edge on Android');
    expect(describeUserAgent(agents.operaMac)).toBe('Opera on macOS');
    expect(describeUserAgent(agents.samsungAndroid)).toBe('Samsung Internet on Android');
  });

  it('tells Chrome and Firefox on iOS from the Safari they also name', () => {
    expect(describeUserAgent(agents.chromeIphone)).toBe('Chrome on iPhone');
    expect(describeUserAgent(agents.firefoxIpad)).toBe('Firefox on iPad');
  });

  it('says Android, not the Linux its string also names', () => {
    expect(describeUserAgent(agents.chromeAndroid)).toBe('Chrome on Android');
  });

  it('says "Unknown browser" for an empty or unrecognised string, with the system when that is known', () => {
    expect(describeUserAgent('')).toBe('Unknown browser');
    expect(describeUserAgent('curl/8.5.0')).toBe('Unknown browser');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) SomeApp/1.2')).toBe(
      'Unknown browser on Windows',
    );
  });
});
