import { uiMessages } from '../../ui-messages';

// A User-Agent in a few words, for the list of sessions: enough for a person to recognise their
// own devices, not a full parser. Each browser's string also names the ones it imitates (Edge
// says Chrome and Safari, Chrome says Safari, an iPhone says "like Mac OS X", Android says
// Linux), so the lists below are checked in order and the first match wins.

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  // Safari's own string carries "Version/"; other WebKit browsers without a name above do not.
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  // An iPad asking for the desktop site (the default since iPadOS 13) says Macintosh too.
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (ua: string, patterns: [RegExp, string][]) => patterns.find(([pattern]) => pattern.test(ua))?.[1];

/** "Chrome on Linux", "Safari on iPhone"; "Unknown browser" (on what system, if known) otherwise. */
export function describeUserAgent(ua: string): string {
  const browser = firstMatch(ua, browsers) ?? uiMessages.unknownBrowser;
  const system = firstMatch(ua, systems);
  return system ? uiMessages.browserOnSystem(browser, system) : browser;
}
