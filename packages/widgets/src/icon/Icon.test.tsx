import { mdiTranslate } from '@mdi/js';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './Icon';

describe('Icon', () => {
  it('renders the mdi path as a decorative inline SVG by default', () => {
    const { container } = render(<Icon path={mdiTranslate} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(svg?.getAttribute('role')).toBeNull();
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe(mdiTranslate);
    expect(svg?.getAttribute('width')).toBe('20');
  });

  it('exposes a label as an image name when given', () => {
    render(<Icon path={mdiTranslate} label="Language" size={32} className="extra" />);
    const svg = screen.getByRole('img', { name: 'Language' });
    expect(svg.getAttribute('aria-hidden')).toBeNull();
    expect(svg.getAttribute('height')).toBe('32');
    expect(svg.getAttribute('class')).toContain('extra');
  });
});
