import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

// antd-mobile's Toast.show and Dialog.confirm render through ReactDOM.render, which React 19 removed: they are given
// createRoot. Imported by each module that calls them, so a page that never shows one does not load this.
if (typeof window !== 'undefined') {
  const roots = new WeakMap<Element | DocumentFragment, Root>();
  unstableSetRender((node, container) => {
    const root = roots.get(container) ?? createRoot(container);
    roots.set(container, root);
    root.render(node);
    return async () => {
      root.unmount();
      roots.delete(container);
    };
  });
}
