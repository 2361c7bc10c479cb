import { setProjectAnnotations } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../../../../.storybook/preview';

// Stories composed in tests get the same decorators (theme wrapper) as in Storybook.
setProjectAnnotations(preview);

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);
