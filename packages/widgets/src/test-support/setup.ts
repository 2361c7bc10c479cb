import { setProjectAnnotations } from '@storybook/react';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import preview from '../../../../.storybook/preview';

// Stories composed in tests get the same decorators (theme wrapper) as in Storybook.
setProjectAnnotations(preview);

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// findBy*/waitFor give up after 1 s by default, which a loaded 2-core CI machine can exceed; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });
