import { lightTheme } from '@qoltanba/widgets';
import type { Preview } from '@storybook/react';

/** Wraps every story in the light theme, as the portal and the custom elements do. */
const preview: Preview = {
  decorators: [
    (Story) => (
      <div className={lightTheme} style={{ padding: 16 }}>
        <Story />
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
};

export default preview;
