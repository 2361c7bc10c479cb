// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie } from '../cookies';
import { trackLastProjectHref } from './lastProjectHref';

const read = () => readCookie('lastProjectHref');

describe('trackLastProjectHref', () => {
  let stop: () => void = () => {};

  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    deleteCookie('lastProjectHref');
  });
  afterEach(() => {
    stop();
    deleteCookie('lastProjectHref');
  });

  it('writes the current address on start', () => {
    window.history.replaceState(null, '', '/check?doc=1&q=ә');
    stop = trackLastProjectHref();
    expect(read()).toBe(window.location.href);
    expect(document.cookie).toContain(`lastProjectHref=${encodeURIComponent(window.location.href)}`);
  });

  it('follows pushState and replaceState', () => {
    stop = trackLastProjectHref();
    window.history.pushState(null, '', '/cabinet/incoming');
    expect(read()).toBe(`${window.location.origin}/cabinet/incoming`);
    window.history.replaceState(null, '', '/cabinet/drafts?page=2');
    expect(read()).toBe(`${window.location.origin}/cabinet/drafts?page=2`);
  });

  it('follows popstate', () => {
    stop = trackLastProjectHref();
    deleteCookie('lastProjectHref');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(read()).toBe(window.location.href);
  });

  it('rewrites on every click, in the capture phase even if the target stops propagation', () => {
    stop = trackLastProjectHref();
    const button = document.createElement('button');
    button.addEventListener('click', (event) => event.stopPropagation());
    document.body.append(button);
    deleteCookie('lastProjectHref');
    button.click();
    expect(read()).toBe(window.location.href);
    button.remove();
  });

  it('uses 24 hours, path / and the configured domain', () => {
    let proto: object | null = document;
    while (proto && !Object.hasOwn(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
    const setter = vi.spyOn(proto as Document, 'cookie', 'set');
    stop = trackLastProjectHref({ domain: 'localhost' });
    const written = String(setter.mock.calls.at(-1)?.[0]);
    expect(written).toMatch(
      /^lastProjectHref=[^;]+; path=\/; domain=localhost; expires=[^;]+; max-age=86400; SameSite=Lax$/,
    );
  });

  it('restores history methods and stops listening on cleanup', () => {
    const { pushState, replaceState } = window.history;
    stop = trackLastProjectHref();
    expect(window.history.pushState).not.toBe(pushState);
    stop();
    expect(window.history.pushState).toBe(pushState);
    expect(window.history.replaceState).toBe(replaceState);
    deleteCookie('lastProjectHref');
    window.history.pushState(null, '', '/tariffs');
    document.body.click();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(read()).toBeUndefined();
  });

  it('wraps history only once: a second tracker replaces the first', () => {
    const { pushState } = window.history;
    trackLastProjectHref();
    stop = trackLastProjectHref();
    stop();
    expect(window.history.pushState).toBe(pushState);
  });

  it('leaves a wrapper installed after it in place but goes inert', () => {
    const { pushState } = window.history;
    stop = trackLastProjectHref();
    const ours = window.history.pushState;
    const calls: string[] = [];
    const theirs: History['pushState'] = function (this: History, ...args) {
      calls.push(String(args[2]));
      ours.apply(this, args);
    };
    window.history.pushState = theirs;
    stop();
    expect(window.history.pushState).toBe(theirs);
    deleteCookie('lastProjectHref');
    window.history.pushState(null, '', '/check');
    expect(calls).toEqual(['/check']);
    expect(window.location.pathname).toBe('/check');
    expect(read()).toBeUndefined();
    window.history.pushState = pushState;
  });
});
