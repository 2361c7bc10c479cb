import { ApiError, setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_COUNTERPARTIES } from '../story-support/document-fixtures';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { CounterpartyList } from './CounterpartyList';
import * as stories from './CounterpartyList.stories';

const cards = () =>
  within(screen.getByRole('list', { name: 'Counterparties' }))
    .getAllByRole('listitem')
    .filter((li) => li.querySelector('h4'));

describe('CounterpartyList', () => {
  beforeEach(() => setLocale('en'));

  it('shows each counterparty with name, BIN/IIN and e-mails', () => {
    render(<CounterpartyList counterparties={SAMPLE_COUNTERPARTIES} />);
    expect(cards()).toHaveLength(4);
    const beta = within(cards()[0] as HTMLElement);
    expect(beta.getByRole('heading', { name: 'АО «Бета»' })).toBeTruthy();
    expect(beta.getByText('BIN/IIN 020540003431')).toBeTruthy();
    expect(beta.getByText('lawyer@beta.example.kz')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('uses the Kazakh name in Kazakh', () => {
    setLocale('kk');
    render(<CounterpartyList counterparties={SAMPLE_COUNTERPARTIES} />);
    expect(screen.getByRole('heading', { name: '«Бета» акционерлік қоғамы' })).toBeTruthy();
  });

  it('adds and edits through callbacks', () => {
    const onAdd = vi.fn();
    const onEdit = vi.fn();
    render(<CounterpartyList counterparties={SAMPLE_COUNTERPARTIES} onAdd={onAdd} onEdit={onEdit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add counterparty' }));
    expect(onAdd).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Edit ТОО «Гамма Логистик»' }));
    expect(onEdit).toHaveBeenCalledWith(SAMPLE_COUNTERPARTIES[1]);
  });

  it('deletes after a confirmation in place, and shows a refusal on the card', async () => {
    const onDelete = vi.fn(async () => Promise.reject(new ApiError(404, 'COUNTERPARTY_NOT_FOUND', '')));
    render(<CounterpartyList counterparties={SAMPLE_COUNTERPARTIES} onDelete={onDelete} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete АО «Бета»' }));
    expect(document.activeElement?.textContent).toBe('Delete the counterparty “АО «Бета»”?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete АО «Бета»' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Counterparty not found'));
    expect(onDelete).toHaveBeenCalledExactlyOnceWith(SAMPLE_COUNTERPARTIES[0]);
  });

  it('announces a deletion', async () => {
    render(
      <CounterpartyList counterparties={SAMPLE_COUNTERPARTIES} onDelete={vi.fn(async () => undefined)} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete ИП Серикова Айгерим' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('“ИП Серикова Айгерим” deleted'));
  });

  it('shows loading, empty and error states', () => {
    const { rerender } = render(<CounterpartyList counterparties={[]} loading />);
    expect(screen.getAllByRole('status')[0]?.textContent).toBe('Loading…');
    rerender(<CounterpartyList counterparties={[]} />);
    expect(screen.getByText('No counterparties yet')).toBeTruthy();
    rerender(<CounterpartyList counterparties={[]} error="INTERNAL_ERROR" onRetry={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('has no axe violations with a confirmation open', async () => {
    const { container } = render(
      <CounterpartyList
        counterparties={SAMPLE_COUNTERPARTIES}
        onAdd={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete АО «Бета»' }));
    await expectNoAxeViolations(container);
  });
});

describe('CounterpartyList stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('section')).toBeTruthy());
});
