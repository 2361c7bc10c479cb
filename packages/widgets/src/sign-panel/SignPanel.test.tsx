import { setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSigningActions } from '../story-support/signing-fakes';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SignPanel } from './SignPanel';
import * as stories from './SignPanel.stories';

const CONFIG = { ncaLayerUrl: 'wss://127.0.0.1:13579', testSigner: null };

describe('SignPanel', () => {
  beforeEach(() => setLocale('en'));

  itRendersStoriesAccessibly(stories, (container) => {
    expect(container.querySelector('button')).toBeTruthy();
  });

  it('signs with NCALayer, announcing the progress of each file, then the outcome', async () => {
    const onSigned = vi.fn();
    const actions = fakeSigningActions({ stepMs: 20, files: 2 });
    const sign = vi.spyOn(actions, 'signWithNcaLayer');
    render(<SignPanel actions={actions} fileCount={2} signingConfig={CONFIG} onSigned={onSigned} />);

    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Preparing file 2 of 2…'));
    await waitFor(() => expect(status.textContent).toBe('The document is signed'));
    expect(sign).toHaveBeenCalledTimes(1);
    expect(onSigned).toHaveBeenCalledTimes(1);
  });

  it('says in the user language that NCALayer is not running', async () => {
    setLocale('ru');
    render(
      <SignPanel
        actions={fakeSigningActions({ ncaLayer: 'SIGNER_APP_NOT_RUNNING', stepMs: 1, files: 1 })}
        fileCount={1}
        signingConfig={CONFIG}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Подписать ЭЦП (NCALayer)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Программа для подписания (NCALayer) не запущена. Запустите её и повторите попытку',
    );
  });

  it("links a failure to the help page's explanation when given one", async () => {
    setLocale('ru');
    render(
      <SignPanel
        actions={fakeSigningActions({ ncaLayer: 'SIGNER_APP_NOT_RUNNING', stepMs: 1, files: 1 })}
        fileCount={1}
        signingConfig={CONFIG}
        helpHref="/help/ru#ncalayer"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Подписать ЭЦП (NCALayer)' }));
    const alert = await screen.findByRole('alert');
    const link = alert.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/help/ru#ncalayer');
    expect(link?.textContent).toBe('Что значит эта ошибка и как её исправить');
  });

  it("links an eGov mobile failure to the help page's eGov mobile explanation", async () => {
    render(
      <SignPanel
        actions={fakeSigningActions({ qr: [['FAILED', 'BIN_NOT_AMONG_SIGNERS']], stepMs: 1, files: 1 })}
        fileCount={1}
        signingConfig={CONFIG}
        helpHref="/help/en#ncalayer"
        qrHelpHref="/help/en#egov-mobile"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign with eGov mobile (QR)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This BIN/IIN is not among the signers');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/help/en#egov-mobile');
  });

  it('reports a cancel without calling onSigned', async () => {
    const onSigned = vi.fn();
    render(
      <SignPanel
        actions={fakeSigningActions({ ncaLayer: 'cancelled', stepMs: 1, files: 1 })}
        fileCount={1}
        signingConfig={CONFIG}
        onSigned={onSigned}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Signing was cancelled'));
    expect(onSigned).not.toHaveBeenCalled();
  });

  it('marks a test signer, and only then', () => {
    const { rerender, container } = render(
      <SignPanel actions={fakeSigningActions({})} fileCount={1} signingConfig={CONFIG} />,
    );
    expect(container.querySelector('[data-test-signer]')).toBeNull();
    rerender(
      <SignPanel
        actions={fakeSigningActions({})}
        fileCount={1}
        signingConfig={{ ...CONFIG, testSigner: { label: 'NCA RK TEST' } }}
      />,
    );
    expect(container.querySelector('[data-test-signer]')?.textContent).toContain('Test signer: NCA RK TEST');
  });

  it('opens the QR dialog, which Esc closes, giving focus back', async () => {
    render(<SignPanel actions={fakeSigningActions({})} fileCount={1} signingConfig={CONFIG} />);
    const open = screen.getByRole('button', { name: 'Sign with eGov mobile (QR)' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Sign with eGov mobile' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});
