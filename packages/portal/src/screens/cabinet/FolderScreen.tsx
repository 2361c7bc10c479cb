import type { JSX } from 'react';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { PlaceholderScreen } from '../PlaceholderScreen';

/** Folders (`/cabinet/folder/:id?`); without an id, the list of folders. */
export default function FolderScreen(): JSX.Element {
  return <PlaceholderScreen route={ROUTE_NAMES.Folder} />;
}
