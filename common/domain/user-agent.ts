/**
 * A device named from a browser's User-Agent, simply (docs/decisions/128-account-sessions.md): the
 * browser family and the operating system by their well-known tokens, nothing more. Order matters:
 * Edge and Opera say "Chrome" too, Chrome says "Safari", iPadOS and Android say "Mac OS X" / "Linux".
 */
export type Device = { browser: string | null; os: string | null; mobile: boolean };

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function deviceFromUserAgent(userAgent: string | null | undefined): Device {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const mobile =
    /\bMobile\b|\biPhone\b|\biPod\b/.test(agent) || (os === 'Android' && !/\bTablet\b/.test(agent) && /\bMobile\b/.test(agent));
  return { browser, os, mobile };
}
