import { describe, expect, it, vi } from 'vitest';
import { type ChromiumFinderDeps, findChromium } from './find-chromium';

const MANAGED = '/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome';

/** A machine with the given files; `install` says what running the install command does. */
function machine(options: {
  files?: string[];
  env?: Record<string, string | undefined>;
  install?: 'installs' | 'fails' | 'installs nothing';
}) {
  const files = new Set(options.files ?? []);
  const run = vi.fn<ChromiumFinderDeps['run']>(() => {
    if (options.install === 'fails') return { ok: false, detail: 'getaddrinfo ENOTFOUND cdn.playwright.dev' };
    if (options.install === 'installs') files.add(MANAGED);
    return { ok: true };
  });
  const deps: ChromiumFinderDeps = {
    env: options.env ?? {},
    exists: (path) => files.has(path),
    managedPath: () => MANAGED,
    run,
  };
  return { deps, run };
}

const HOW_TO = /apt-get install chromium.*CHROMIUM_PATH.*npx playwright install chromium/;

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, even when other browsers exist, and downloads nothing', () => {
    const { deps, run } = machine({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      files: ['/opt/chrome/chrome', '/usr/bin/chromium', MANAGED],
    });
    expect(findChromium(deps)).toBe('/opt/chrome/chrome');
    expect(run).not.toHaveBeenCalled();
  });

  it('refuses a CHROMIUM_PATH that does not exist instead of looking elsewhere', () => {
    const { deps, run } = machine({ env: { CHROMIUM_PATH: '/nope/chrome' }, files: ['/usr/bin/chromium'] });
    expect(() => findChromium(deps)).toThrow('CHROMIUM_PATH=/nope/chrome does not exist.');
    expect(run).not.toHaveBeenCalled();
  });

  it('takes the system Chromium before the managed one and downloads nothing', () => {
    const { deps, run } = machine({ files: ['/usr/bin/chromium', MANAGED] });
    expect(findChromium(deps)).toBe('/usr/bin/chromium');
    expect(findChromium(machine({ files: ['/usr/bin/chromium-browser'] }).deps)).toBe(
      '/usr/bin/chromium-browser',
    );
    expect(run).not.toHaveBeenCalled();
  });

  it("takes Playwright's managed Chromium when it is installed, without installing it again", () => {
    const { deps, run } = machine({ files: [MANAGED] });
    expect(findChromium(deps)).toBe(MANAGED);
    expect(run).not.toHaveBeenCalled();
  });

  it('installs the managed Chromium when no browser exists, then uses it', () => {
    const { deps, run } = machine({ install: 'installs' });
    expect(findChromium(deps)).toBe(MANAGED);
    expect(run).toHaveBeenCalledExactlyOnceWith('npx', ['playwright', 'install', 'chromium']);
  });

  it('fails with how to get a browser when the install fails', () => {
    const { deps, run } = machine({ install: 'fails' });
    expect(() => findChromium(deps)).toThrow(HOW_TO);
    expect(() => findChromium(deps)).toThrow(/failed: getaddrinfo ENOTFOUND/);
    expect(run).toHaveBeenCalledWith('npx', ['playwright', 'install', 'chromium']);
  });

  it('fails with how to get a browser when the install reports success but leaves no browser', () => {
    const { deps } = machine({ install: 'installs nothing' });
    expect(() => findChromium(deps)).toThrow(HOW_TO);
  });

  it('does not try to download when PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set', () => {
    const { deps, run } = machine({ env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, install: 'installs' });
    expect(() => findChromium(deps)).toThrow(HOW_TO);
    expect(run).not.toHaveBeenCalled();
  });

  it.each(['', '0', 'false'])('still installs when PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is %j', (flag) => {
    const { deps, run } = machine({ env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: flag }, install: 'installs' });
    expect(findChromium(deps)).toBe(MANAGED);
    expect(run).toHaveBeenCalledOnce();
  });
});
