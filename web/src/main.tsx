// First: configures zod before any module builds a schema.
import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createPath } from 'react-router';
import { App } from '@/app';
import { createQueryClient } from '@/lib/query-client';
import { reloadOnStaleChunk } from '@/lib/stale-chunks';
import { routes } from '@/routes';
import './index.css';

const router = createBrowserRouter(routes);
reloadOnStaleChunk(window, {
  goingTo: () => {
    const next = router.state.navigation.location;
    return next ? createPath(next) : null;
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={createQueryClient()} />
  </StrictMode>,
);
