import { describe, expect, it, vi } from 'vitest';
import { createOuiToastStore } from './oui_toast_store';
import { osdToasts } from './toasts';

describe('the app toasts', () => {
  it("inside OSD, are OSD's own: success and danger with title and text", () => {
    const addSuccess = vi.fn();
    const addDanger = vi.fn();
    const toasts = osdToasts({ addSuccess, addDanger });
    toasts.success({ title: 'Datasource shop deleted' });
    toasts.danger({ title: 'Not saved', text: 'the server refused' });
    expect(addSuccess).toHaveBeenCalledWith({ title: 'Datasource shop deleted' });
    expect(addDanger).toHaveBeenCalledWith({ title: 'Not saved', text: 'the server refused' });
  });

  it("standalone, are OUI's list: added in order, each with its id, dismissed by id", () => {
    const store = createOuiToastStore();
    const changes = vi.fn();
    const unsubscribe = store.subscribe(changes);
    store.success({ title: 'Saved "News".' });
    store.danger({ title: 'Not deleted', text: 'in use' });
    expect(store.current()).toMatchObject([
      { title: 'Saved "News".', color: 'success', iconType: 'check' },
      { title: 'Not deleted', text: 'in use', color: 'danger', iconType: 'alert' },
    ]);
    const [first, second] = store.current();
    expect(first.id).not.toBe(second.id);
    store.dismiss(first.id);
    expect(store.current().map((toast) => toast.title)).toEqual(['Not deleted']);
    expect(changes).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.success({ title: 'unseen' });
    expect(changes).toHaveBeenCalledTimes(3);
  });
});
