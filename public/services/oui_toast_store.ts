/**
 * The toasts the standalone host shows (OUI's toast shape), as a store the list component
 * subscribes to; the app adds to it through the `AppToasts` interface.
 */
import type { EuiGlobalToastListToast } from '@elastic/eui';
import type { AppToast, AppToasts } from './toasts';

export interface OuiToastStore extends AppToasts {
  subscribe(listener: () => void): () => void;
  current(): readonly EuiGlobalToastListToast[];
  dismiss(id: string): void;
}

export function createOuiToastStore(): OuiToastStore {
  let toasts: readonly EuiGlobalToastListToast[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const set = (next: readonly EuiGlobalToastListToast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  const add = (toast: AppToast, color: 'success' | 'danger', iconType: string) =>
    set([
      ...toasts,
      {
        id: `federation-toast-${++nextId}`,
        title: toast.title,
        text: toast.text,
        color,
        iconType,
        'data-test-subj': `federationToast-${color}`,
      },
    ]);
  return {
    success: (toast) => add(toast, 'success', 'check'),
    danger: (toast) => add(toast, 'danger', 'alert'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => toasts,
    dismiss: (id) => set(toasts.filter((toast) => toast.id !== id)),
  };
}
