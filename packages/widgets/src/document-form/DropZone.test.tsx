import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DropZone } from './DropZone';

const texts = { drop: 'Drag files here or', choose: 'choose files', formats: 'PDF only' };
const pdf = () => new File(['%PDF'], 'a.pdf');

describe('DropZone', () => {
  it('hands dropped and chosen files on, shows dragging, and ignores an empty pick', () => {
    const onFiles = vi.fn();
    const { container } = render(<DropZone accept=".pdf" texts={texts} onFiles={onFiles} />);
    const zone = screen.getByText('Drag files here or').closest('div') as HTMLElement;
    const dropped = pdf();
    fireEvent.dragOver(zone, { dataTransfer: { files: [dropped] } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(zone.getAttribute('data-dragging')).toBeNull();
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([dropped]);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf');
    const chosen = pdf();
    fireEvent.change(input, { target: { files: [chosen] } });
    expect(onFiles).toHaveBeenLastCalledWith([chosen]);
    fireEvent.change(input, { target: { files: [] } });
    expect(onFiles).toHaveBeenCalledTimes(2);
  });

  it('takes nothing while disabled', () => {
    const onFiles = vi.fn();
    render(<DropZone accept=".pdf" texts={texts} onFiles={onFiles} disabled />);
    const zone = screen.getByText('Drag files here or').closest('div') as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [pdf()] } });
    expect(zone.getAttribute('data-dragging')).toBeNull();
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(onFiles).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'choose files' }).getAttribute('aria-disabled')).toBe('true');
  });
});
