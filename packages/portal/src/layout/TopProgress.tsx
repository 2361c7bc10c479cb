import { useStore } from '@nanostores/react';
import { $loading } from '@qoltanba/sdk';
import type { JSX } from 'react';
import * as css from './account.css';

/**
 * A thin bar at the top of the page while any API request is in flight (the sdk's loader flag). Decorative:
 * assistive technology learns the same from `aria-busy` on `<main>`.
 */
export function TopProgress(): JSX.Element {
  const loading = useStore($loading);
  return <div className={css.progress} data-active={loading} aria-hidden="true" />;
}
