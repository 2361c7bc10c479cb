import { setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { qrPath } from '../signing-common';
import { sampleQrSession, scriptedFollower } from '../story-support/signing-fakes';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { formatCountdown, QrSigningDialog } from './QrSigningDialog';
import * as stories from './QrSigningDialog.stories';

function scripted(now = Date.now()) {
  const followers: Array<ReturnType<typeof scriptedFollower>> = [];
  const start = vi.fn(async () => ({
    ...sampleQrSession(),
    expiresAt: new Date(now + 90_000).toISOString(),
  }));
  const follow = vi.fn(() => {
    const made = scriptedFollower();
    followers.push(made);
    return made.follower;
  });
  return { actions: { start, follow }, followers };
}

describe('QrSigningDialog', () => {
  beforeEach(() => setLocale('en'));

  itRendersStoriesAccessibly(stories, (container) => {
    expect(container.querySelector('[role="dialog"]')).toBeTruthy();
  });

  it('shows the QR code of the mobileSign: payload, the app link and the countdown', async () => {
    const now = Date.now();
    const { actions } = scripted(now);
    render(<QrSigningDialog actions={actions} onClose={vi.fn()} now={() => now} />);
    const image = await screen.findByRole('img', { name: 'QR code for eGov mobile' });
    expect(image.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(image.closest('[data-qr-payload]')?.getAttribute('data-qr-payload')).toBe(
      sampleQrSession().qrPayload,
    );
    expect(screen.getByRole('link', { name: 'Open in eGov mobile' }).getAttribute('href')).toContain(
      'mgovsign.page.link',
    );
    expect(screen.getByText('The code is valid for 1:30')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Waiting for eGov mobile');
  });

  it('follows the state live and reports the signature once', async () => {
    const { actions, followers } = scripted();
    const onSigned = vi.fn();
    render(<QrSigningDialog actions={actions} onClose={vi.fn()} onSigned={onSigned} />);
    await waitFor(() => expect(followers).toHaveLength(1));
    followers[0]?.drive('FETCHED');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Confirm the signature there'),
    );
    followers[0]?.drive('SIGNED');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Signed with eGov mobile'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(onSigned).toHaveBeenCalledTimes(1);
  });

  it('says the QR timeout was exceeded and starts a new session on retry', async () => {
    const { actions, followers } = scripted();
    render(<QrSigningDialog actions={actions} onClose={vi.fn()} />);
    await waitFor(() => expect(followers).toHaveLength(1));
    followers[0]?.drive('EXPIRED', 'QR_SIGNING_TIMEOUT');
    expect((await screen.findByRole('alert')).textContent).toBe('The QR signing timeout was exceeded');
    fireEvent.click(screen.getByRole('button', { name: 'New QR code' }));
    await waitFor(() => expect(actions.start).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it("shows the server's code of a failed signature", async () => {
    const { actions, followers } = scripted();
    render(<QrSigningDialog actions={actions} onClose={vi.fn()} />);
    await waitFor(() => expect(followers).toHaveLength(1));
    followers[0]?.drive('FAILED', 'BIN_NOT_AMONG_SIGNERS');
    expect((await screen.findByRole('alert')).textContent).toBe('This BIN/IIN is not among the signers');
  });

  it("links a failure to the help page's eGov mobile explanation when given one", async () => {
    setLocale('kk');
    const { actions, followers } = scripted();
    render(<QrSigningDialog actions={actions} onClose={vi.fn()} helpHref="/help/kk#egov-mobile" />);
    await waitFor(() => expect(followers).toHaveLength(1));
    followers[0]?.drive('EXPIRED', 'QR_SIGNING_TIMEOUT');
    const link = (await screen.findByRole('alert')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('/help/kk#egov-mobile');
    expect(link?.textContent).toBe('Бұл қате нені білдіреді және оны қалай түзетуге болады');
  });

  it('draws each run of dark modules of a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1z');
  });

  it('formats the countdown as m:ss', () => {
    expect([formatCountdown(300_000), formatCountdown(61_001), formatCountdown(-5)]).toEqual([
      '5:00',
      '1:02',
      '0:00',
    ]);
  });
});
