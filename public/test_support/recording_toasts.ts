import type { AppToast, AppToasts } from '../services/toasts';

/** The app's toasts for component tests: remembers each one shown, in order. */
export class RecordingToasts implements AppToasts {
  readonly shown: Array<AppToast & { color: 'success' | 'danger' }> = [];

  success(toast: AppToast): void {
    this.shown.push({ ...toast, color: 'success' });
  }

  danger(toast: AppToast): void {
    this.shown.push({ ...toast, color: 'danger' });
  }
}
