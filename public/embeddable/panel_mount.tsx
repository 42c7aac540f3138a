/**
 * The panel's React root, loaded on the first `render` of a saved GQL query embeddable
 * (saved_query_embeddable.ts): the module the plugin imports lazily.
 */
import { createRoot } from 'react-dom/client';
import type { MountPanel } from './saved_query_embeddable';
import { SavedQueryPanel } from './saved_query_panel';

export const mountSavedQueryPanel: MountPanel = (element) => {
  const root = createRoot(element);
  return {
    update: (props) => root.render(<SavedQueryPanel {...props} />),
    unmount: () => root.unmount(),
  };
};
