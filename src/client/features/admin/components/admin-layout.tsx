import { Navigate, Outlet } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { AdminSubNav } from './admin-sub-nav.tsx';

/**
 * Every /admin/* page: the admin sub-navigation above the page. The admin guard (spinner while
 * checking; anyone not an admin goes to /) is the route around it (app/admin-routes.ts).
 */
export const AdminLayout = () => (
  <>
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 pt-6 sm:px-6">
      <AdminSubNav />
    </div>
    <Outlet />
  </>
);

/** /admin itself: the first admin page. */
export const AdminIndexRedirect = () => <Navigate to={paths.adminApiStatus} replace />;
