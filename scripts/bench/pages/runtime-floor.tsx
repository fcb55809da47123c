import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

/** The smallest app on the same stack (React and the router): the floor of any first load. */
const router = createBrowserRouter([{ path: '*', element: <p>Your Bill Section</p> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
