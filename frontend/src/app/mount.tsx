import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Renders the page's React tree into index.html's #root; the sign-in entry unmounts it for the app's. */
export function mount(node: ReactNode): Root {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  root.render(<StrictMode>{node}</StrictMode>);
  return root;
}
