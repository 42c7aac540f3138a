import { translate } from '../../i18n';

/** Messages of the app's shared frame (tabs, the tab error boundary). */
export const sharedStrings = {
  tabFailedTitle: (tab: string) =>
    translate('federation.shared.tabFailed.title', {
      defaultMessage: 'The {tab} tab stopped working',
      values: { tab },
    }),
  tabFailedBody: () =>
    translate('federation.shared.tabFailed.body', {
      defaultMessage:
        'Something in this tab failed while it was drawn. The other tabs still work. Reload the tab to start it again; what you typed in it may be lost.',
    }),
  tabFailedReason: (reason: string) =>
    translate('federation.shared.tabFailed.reason', {
      defaultMessage: 'Error: {reason}',
      values: { reason },
    }),
  reloadTab: () =>
    translate('federation.shared.tabFailed.reload', { defaultMessage: 'Reload the tab' }),
};
