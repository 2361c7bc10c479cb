import type { ErrorCode, ErrorParams } from '@qoltanba/core';
import { ApiError } from '@qoltanba/sdk';
import type { Decorator } from '@storybook/react';

// Stand-ins for sdk actions in stories: they answer after a short delay, as a server would.

const DELAY_MS = 600;

const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, DELAY_MS));

/** An action that resolves with `value` after a short delay, whatever its input. */
export function fakeAction<T>(value: T): <A extends unknown[]>(...args: A) => Promise<T> {
  return async () => {
    await later();
    return value;
  };
}

/** An action that rejects with an ApiError after a short delay; `params` fill the code's text, as the server's. */
export function fakeFailure(
  status: number,
  code: ErrorCode,
  message: string,
  params?: ErrorParams,
): <A extends unknown[]>(...args: A) => Promise<never> {
  return async () => {
    await later();
    throw new ApiError(status, code, message, params ? { params } : {});
  };
}

/** Every sdk call of the login, registration and recovery forms, each answering as a server would. */
export const fakeAuthActions = {
  loginWithPassword: fakeAction(undefined),
  requestCode: fakeAction({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
  loginWithCode: fakeAction(undefined),
  verifyRegistrationCode: fakeAction({ registrationToken: 'story-ticket', expires_in: 600 }),
  completeRegistration: fakeAction(undefined),
  requestRecoveryCode: fakeAction({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
  recoverPassword: fakeAction(undefined),
};

const phoneWidth: Decorator = (Story) => (
  <div style={{ width: 390 }}>
    <Story />
  </div>
);

/** Story settings that show a widget at phone width (390 px, Storybook's mobile1 viewport). */
export const onPhone = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [phoneWidth],
};
