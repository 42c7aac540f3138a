/**
 * The standalone host's toasts: OUI's `EuiGlobalToastList` over the store of
 * `oui_toast_store.ts`; it draws them in the page corner, lets the user dismiss them, and
 * removes each after a while.
 */
import { EuiGlobalToastList } from '@elastic/eui';
import { useSyncExternalStore } from 'react';
import { translate } from '../i18n';
import type { OuiToastStore } from './oui_toast_store';

/** How long a toast stays, as OSD's default. */
const TOAST_LIFE_MS = 10_000;

export function OuiToastList({ store }: { store: OuiToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.current);
  return (
    <EuiGlobalToastList
      toasts={[...toasts]}
      dismissToast={(toast) => store.dismiss(toast.id)}
      toastLifeTimeMs={TOAST_LIFE_MS}
      // OUI's list is a role="region" live region: a region needs a name.
      aria-label={translate('federation.toasts.label', { defaultMessage: 'Notifications' })}
      data-test-subj="federationToasts"
    />
  );
}
