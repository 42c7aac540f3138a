/**
 * Short notes that an action succeeded or failed, shown apart from the screen (a toast) so they
 * are seen wherever the user's eyes are. Screens call `useToasts()`; inside OSD the toasts are
 * OSD's own (`core.notifications.toasts`), standalone they are OUI's list (`oui_toasts.tsx`).
 */
import type { ToastsApi } from '../types';

export interface AppToast {
  title: string;
  text?: string;
}

export interface AppToasts {
  success(toast: AppToast): void;
  danger(toast: AppToast): void;
}

/** The app's toasts as OSD's: the same list and look as every other OSD app. */
export function osdToasts(toasts: ToastsApi): AppToasts {
  return {
    success: (toast) => void toasts.addSuccess(toast),
    danger: (toast) => void toasts.addDanger(toast),
  };
}
