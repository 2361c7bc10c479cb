import type { Document, DocumentStatus, LinkDelivery, Signer } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../documents-common';
import { SAMPLE_HISTORY, sampleDocument } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { DocumentCard, documentCardActions } from './DocumentCard';
import * as stories from './DocumentCard.stories';

const actionNames = () =>
  within(screen.getByRole('group', { name: 'Document actions' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('DocumentCard', () => {
  beforeEach(() => setLocale('en'));

  it('shows name, number, status, sender and details', () => {
    const { container } = render(
      <DocumentCard document={sampleDocument('AT_SIGNING')} history={SAMPLE_HISTORY} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Договор поставки № 15/2025' })).toBeTruthy();
    expect(screen.getByText('No. 1001')).toBeTruthy();
    expect(container.querySelector('header [data-status]')?.textContent).toBe('Out for signing');
    const details = Array.from(container.querySelectorAll('dt'), (dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(details[0]).toEqual(['Sender', 'ТОО «Альфа Трейд», BIN/IIN 990340005977']);
    expect(details[1]).toEqual(['Created by', 'Айгерим Бекова']);
    expect(details[4]).toEqual(['Signing method', 'Sequential']);
  });

  it.each<[DocumentStatus, string[]]>([
    [
      'DRAFT',
      ['Sign and send', 'Send for signing', 'Edit', 'Make a copy', 'Move to folder', 'Move to trash'],
    ],
    ['AT_SIGNING', ['Revoke', 'Make a copy', 'Move to folder', 'Move to trash']],
    ['SIGNED', ['Make a copy', 'Move to folder', 'Move to trash']],
    ['REJECTED', ['Edit', 'Make a copy', 'Move to folder', 'Move to trash']],
    ['TRASH', ['Make a copy', 'Restore']],
  ])('offers only the allowed actions of a %s document', (status, names) => {
    render(<DocumentCard document={sampleDocument(status)} history={[]} onAction={vi.fn()} />);
    expect(actionNames()).toEqual(names);
  });

  it('leaves out "Move to folder" when moving is not offered, and the bar without onAction', () => {
    expect(documentCardActions(sampleDocument('SIGNED'), false)).toEqual(['copy', 'trash']);
    render(<DocumentCard document={sampleDocument('DRAFT')} history={[]} />);
    expect(screen.queryByRole('group', { name: 'Document actions' })).toBeNull();
  });

  it('reports an action, and ignores presses while one is busy', () => {
    const onAction = vi.fn();
    const { rerender } = render(<DocumentCard document={sampleDocument('DRAFT')} onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign and send' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('sign');
    onAction.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Send for signing' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('send');
    rerender(
      <DocumentCard
        document={sampleDocument('DRAFT')}
        onAction={onAction}
        pending={['send']}
        actionError="TARIFF_EXPIRED"
      />,
    );
    expect(screen.getByRole('button', { name: 'Send for signing' }).getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe('Your tariff has expired. Renew it to send documents');
  });

  it('lists files with format, size and a short hash, and copies the full hash', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onDownload = vi.fn();
    const onPreview = vi.fn();
    const document = sampleDocument('SIGNED');
    render(<DocumentCard document={document} onDownload={onDownload} onPreview={onPreview} />);
    const files = within(screen.getByRole('region', { name: 'Files' }));
    expect(files.getByText('PDF')).toBeTruthy();
    expect(files.getByText('471 KB')).toBeTruthy();
    expect(files.getByText('1.8 MB')).toBeTruthy();
    expect(files.getByText('3f79bb7b…ca046dea')).toBeTruthy();
    fireEvent.click(files.getByRole('button', { name: 'Copy the SHA-256 of dogovor-postavki.pdf' }));
    await waitFor(() => expect(screen.getByText('SHA-256 copied')).toBeTruthy());
    expect(writeText).toHaveBeenCalledWith(document.files[0]?.sha256);
    fireEvent.click(files.getByRole('button', { name: 'Download prilozhenie-1-specifikaciya.docx' }));
    expect(onDownload).toHaveBeenCalledWith(document.files[1]);
    fireEvent.click(files.getByRole('button', { name: 'Preview dogovor-postavki.pdf' }));
    expect(onPreview).toHaveBeenCalledWith(document.files[0]);
  });

  it('says when copying failed', async () => {
    const writeText = vi.fn(async () => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<DocumentCard document={sampleDocument('SIGNED')} />);
    fireEvent.click(screen.getAllByRole('button', { name: /Copy the SHA-256/ })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByText('Could not copy. Select the hash by hand')).toBeTruthy());
  });

  it('shows signers in order with state, signing time and approver', () => {
    render(<DocumentCard document={sampleDocument('AT_SIGNING')} />);
    const list = within(screen.getByRole('region', { name: 'Signers' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('АО «Бета»');
    expect(items[0]?.textContent).toContain('Signed');
    expect(items[0]?.textContent).toContain('Approver: lawyer@beta.example.kz');
    expect(items[0]?.textContent).toMatch(/Signed \d/);
    expect(items[1]?.textContent).toContain('Waiting');
    expect(list.getByRole('list').tagName).toBe('OL');
  });

  it('shows the rejection reason and who rejected', () => {
    render(<DocumentCard document={sampleDocument('REJECTED')} />);
    const box = within(screen.getByRole('region', { name: 'Rejection reason' }));
    expect(box.getByText('Неверно указаны реквизиты в пункте 4.2')).toBeTruthy();
    expect(box.getByText(/^Rejected by ИП Серикова Айгерим \(920715401122\)/)).toBeTruthy();
  });

  it('shows the history with localized event types, actor, company and IP', () => {
    render(<DocumentCard document={sampleDocument('AT_SIGNING')} history={SAMPLE_HISTORY} />);
    const events = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(events.map((e) => e.firstElementChild?.textContent)).toEqual([
      'Document created',
      'Sent for signing',
      'Viewed',
      'Signed',
    ]);
    expect(events[3]?.textContent).toContain('Ержан Омаров');
    expect(events[3]?.textContent).toContain('АО «Бета», BIN/IIN 020540003431');
    expect(events[3]?.textContent).toContain('IP 2.134.7.80');
    expect(events[3]?.querySelector('time')?.getAttribute('dateTime')).toBe(SAMPLE_HISTORY[3]?.at);
  });

  it('localizes event types and statuses in Russian and Kazakh', () => {
    setLocale('ru');
    const { unmount } = render(
      <DocumentCard document={sampleDocument('REVOKED')} history={SAMPLE_HISTORY} />,
    );
    expect(screen.getByText('Отозван')).toBeTruthy();
    expect(screen.getByText('Отправлен на подписание')).toBeTruthy();
    unmount();
    setLocale('kk');
    render(<DocumentCard document={sampleDocument('REVOKED')} history={SAMPLE_HISTORY} />);
    expect(screen.getByText('Кері шақырылған')).toBeTruthy();
    expect(screen.getByText('Қол қоюға жіберілді')).toBeTruthy();
  });

  it('shows loading and error states of the document and of its history', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<DocumentCard loading />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<DocumentCard error="DOCUMENT_ACCESS_FORBIDDEN" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toBe('Access to this document is forbidden');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(<DocumentCard document={sampleDocument()} historyError="NETWORK_ERROR" />);
    expect(within(screen.getByRole('region', { name: 'History' })).getByRole('alert')).toBeTruthy();
  });

  it('shows the trash countdown', () => {
    render(<DocumentCard document={sampleDocument('TRASH')} history={[]} />);
    expect(screen.getByText('In the trash. Deleted in 10 days')).toBeTruthy();
    expect(screen.getByText('No events yet')).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <DocumentCard
        document={sampleDocument('REJECTED')}
        history={SAMPLE_HISTORY}
        onAction={vi.fn()}
        onDownload={vi.fn()}
      />,
    );
    await expectNoAxeViolations(container);
  });
});

describe('DocumentCard of an external link', () => {
  beforeEach(() => setLocale('en'));

  it('shows a read-only document: no creator, trash, actions or e-mail addresses', async () => {
    const full = sampleDocument('AT_SIGNING');
    const external = {
      id: full.id,
      number: full.number,
      name: full.name,
      status: full.lifecycleStatus,
      signingMethod: full.signingMethod,
      createdAt: full.createdAt,
      updatedAt: full.updatedAt,
      sender: full.sender,
      files: full.files,
      signers: full.signers.map(({ email: _email, approverEmail: _approver, ...signer }) => signer),
      rejection: full.rejection,
    };
    const { container } = render(
      <DocumentCard document={external} history={SAMPLE_HISTORY} onAction={() => undefined} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: full.name })).toBeTruthy();
    expect(Array.from(container.querySelectorAll('dt'), (dt) => dt.textContent)).not.toContain('Created by');
    expect(screen.queryByRole('group', { name: 'Document actions' })).toBeNull();
    for (const signer of full.signers) expect(container.textContent).not.toContain(signer.email);
    await expectNoAxeViolations(container);
  });
});

describe('DocumentCard link deliveries', () => {
  beforeEach(() => setLocale('en'));
  const NOW = Date.parse('2026-03-02T08:00:00Z');

  /** A document at signing whose three waiting signers' links are sent, retrying and failed. */
  function withDeliveries(): Document {
    const document = sampleDocument('AT_SIGNING');
    const base = document.signers[1] as Signer;
    const delivery = (state: LinkDelivery['state']): LinkDelivery => ({
      state,
      queuedAt: '2026-03-02T07:00:00Z',
      sentAt: state === 'SENT' ? '2026-03-02T07:00:05Z' : null,
      attempts: state === 'QUEUED' ? 0 : 2,
      nextAttemptAt: state === 'RETRYING' ? '2026-03-02T07:02:00Z' : null,
    });
    const states = ['SENT', 'RETRYING', 'FAILED'] as const;
    return {
      ...document,
      signingMethod: 'PARALLEL',
      signers: states.map((state, index) => ({
        ...base,
        identityNumber: `99034000597${index}`,
        order: index + 1,
        linkDelivery: delivery(state),
      })),
    };
  }

  it('shows the sender whether each link went out, in kk, ru and en', () => {
    for (const [lang, words] of [
      ['en', ['Link sent', 'Link not sent yet, retrying', 'The link could not be delivered']],
      ['ru', ['Ссылка отправлена', 'Ссылка ещё не отправлена, повтор', 'Ссылку не удалось доставить']],
      ['kk', ['Сілтеме жіберілді', 'Сілтеме әлі жіберілмеді', 'Сілтеме жеткізілмеді']],
    ] as const) {
      setLocale(lang);
      const { container, unmount } = render(<DocumentCard document={withDeliveries()} />);
      const shown = Array.from(
        container.querySelectorAll('[data-link-delivery]'),
        (e) => e.textContent ?? '',
      );
      expect(shown).toHaveLength(3);
      for (const [index, word] of words.entries()) expect(shown[index]).toContain(word);
      unmount();
    }
  });

  it('shows the sender when the document reached each signer and when it was first opened, in kk, ru and en', () => {
    const document = withDeliveries();
    const [reached, opened, untouched] = document.signers;
    if (!reached || !opened || !untouched) throw new Error('three signers');
    const received = {
      ...document,
      signers: [
        { ...reached, deliveredAt: '2026-03-02T07:00:00Z', firstOpenedAt: '2026-03-02T09:30:00Z' },
        { ...opened, deliveredAt: '2026-03-02T07:00:00Z', firstOpenedAt: null },
        // Not sent yet, or not the sender's view: nothing said.
        { ...untouched, deliveredAt: undefined, firstOpenedAt: undefined },
      ],
    };
    for (const [lang, deliveredWord, firstWord, never] of [
      ['en', 'Delivered ', 'First opened ', 'Not opened yet'],
      ['ru', 'Доставлен: ', 'Впервые открыт: ', 'Ещё не открыт'],
      ['kk', 'Жеткізілді: ', 'Алғаш ашылды: ', 'Әлі ашылмаған'],
    ] as const) {
      setLocale(lang);
      const delivered = `${deliveredWord}${formatDateTime('2026-03-02T07:00:00Z', lang)}`;
      const first = `${firstWord}${formatDateTime('2026-03-02T09:30:00Z', lang)}`;
      const { unmount } = render(<DocumentCard document={received} />);
      const items = within(screen.getByRole('region', { name: /^(Signers|Подписанты|Қол қоюшылар)$/ }))
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
      expect(items[0]).toContain(delivered);
      expect(items[0]).toContain(first);
      expect(items[1]).toContain(delivered);
      expect(items[1]).toContain(never);
      expect(items[2]).not.toContain(delivered);
      expect(items[2]).not.toContain(never);
      unmount();
    }
  });

  it('offers to remind a signer whose turn has come, and counts the waiting time down in hours, minutes and seconds', async () => {
    const onRemind = vi.fn();
    const onRemindAll = vi.fn();
    const document = withDeliveries();
    const { rerender, container } = render(
      <DocumentCard
        document={document}
        onRemind={onRemind}
        onRemindAll={onRemindAll}
        remindable={['990340005970', '990340005971']}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Remind' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1] as HTMLElement);
    expect(onRemind).toHaveBeenCalledExactlyOnceWith('990340005971');
    fireEvent.click(screen.getByRole('button', { name: 'Remind all' }));
    expect(onRemindAll).toHaveBeenCalledOnce();

    rerender(
      <DocumentCard
        document={document}
        onRemind={onRemind}
        remindable={['990340005970', '990340005971']}
        remindAvailableAt={{ '990340005971': Date.now() + 86_000_000 }}
      />,
    );
    expect(screen.getAllByRole('button', { name: 'Remind' })).toHaveLength(1);
    const waiting = screen.getByRole('button', { name: /^Remind again in 23:53:(19|20)$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(waiting);
    expect(onRemind).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
    // "Remind all" waits only while every signer waits; with one signer left it is not offered.
    const later = Date.now() + 3_600_000;
    rerender(
      <DocumentCard
        document={document}
        onRemindAll={onRemindAll}
        remindable={['990340005970', '990340005971']}
        remindAvailableAt={{ '990340005970': later, '990340005971': later }}
      />,
    );
    expect((screen.getByRole('button', { name: 'Remind all' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<DocumentCard document={document} onRemindAll={onRemindAll} remindable={['990340005970']} />);
    expect(screen.queryByRole('button', { name: 'Remind all' })).toBeNull();
  });

  it("offers to send an approver a new link while its signer awaits the approval at its turn, and counts down a refusal's wait", async () => {
    const onResendApprovalLink = vi.fn();
    const base = withDeliveries();
    const [first, second, third] = base.signers;
    if (!first || !second || !third) throw new Error('three signers');
    const awaiting = { approval: 'PENDING' as const, linkDelivery: undefined };
    const document = { ...base, signers: [{ ...first, ...awaiting }, { ...second, ...awaiting }, third] };
    // The second's turn has not come (not remindable): no button for it; the third has no approver.
    const remindable = ['990340005970', '990340005972'];
    const { rerender, container } = render(
      <DocumentCard
        document={document}
        onResendApprovalLink={onResendApprovalLink}
        remindable={remindable}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Send the approval link again' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(onResendApprovalLink).toHaveBeenCalledExactlyOnceWith('990340005970');
    rerender(
      <DocumentCard
        document={document}
        onResendApprovalLink={onResendApprovalLink}
        remindable={remindable}
        resendApprovalLinkAvailableAt={{ '990340005970': Date.now() + 90_000 }}
      />,
    );
    const waiting = screen.getByRole('button', { name: /^Send the approval link again in 1:(29|30)$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(container.querySelectorAll('[data-approval="PENDING"]')).toHaveLength(2);
    await expectNoAxeViolations(container);
  });

  it('offers to send a link again, and counts down the time left after a refusal', async () => {
    const onResendLink = vi.fn();
    const document = withDeliveries();
    const { rerender, container } = render(<DocumentCard document={document} onResendLink={onResendLink} />);
    const buttons = screen.getAllByRole('button', { name: 'Send the link again' });
    expect(buttons).toHaveLength(3);
    fireEvent.click(buttons[2] as HTMLElement);
    expect(onResendLink).toHaveBeenCalledExactlyOnceWith('990340005972');

    rerender(
      <DocumentCard
        document={document}
        onResendLink={onResendLink}
        resendLinkAvailableAt={{ '990340005972': NOW + 90_000 }}
      />,
    );
    // The card's clock is the real one: a 90 s wait from a fixed past instant has run out; from now it has not.
    expect(screen.getAllByRole('button', { name: 'Send the link again' })).toHaveLength(3);
    rerender(
      <DocumentCard
        document={document}
        onResendLink={onResendLink}
        resendLinkAvailableAt={{ '990340005972': Date.now() + 90_000 }}
      />,
    );
    const waiting = screen.getByRole('button', { name: /^Send the link again in 1:(29|30)$/ });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(waiting);
    expect(onResendLink).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});

describe('DocumentCard stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.textContent).not.toBe(''));
});
