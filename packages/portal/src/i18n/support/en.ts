import type { supportKk } from './kk';

/** English strings of the support inbox and the help widget. */
export const supportEn = {
  tab: 'Support',
  operatorsOnly: {
    title: 'For operators only',
    text: 'Only support operators see the support conversations. Ask an administrator if you need access.',
  },
  statusFailed: 'Could not check the operator role',
  retry: 'Try again',
  backToList: 'All conversations',
  choose: 'Choose a conversation from the list to reply.',
  reconnecting: 'The connection dropped. Reconnecting…',
  liveOff: 'New messages no longer arrive by themselves. Reload the page.',
} satisfies typeof supportKk;
