import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

// The route table lives in routes.tsx, free of the browser: the reflow test walks it in Node.
export { APP_SCREENS, loadScreen, routes } from './routes';

export const router = createBrowserRouter(routes);
