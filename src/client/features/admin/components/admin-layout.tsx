import { Navigate, Outlet } from 'react-router';
import { AdminOnly } from '#client/features/auth/components/route-guards.tsx';
import { paths } from '#client/lib/paths.ts';
import { AdminSubNav } from './admin-sub-nav.tsx';

/**
 * Every /admin/* page: the admin guard (spinner while checking; anyone not an admin goes to /,
 * replacing the history entry) and the admin sub-navigation above the page.
 */
export const AdminLayout = () => (
  <AdminOnly>
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-4 pt-6 sm:px-6">
      <AdminSubNav />
    </div>
    <Outlet />
  </AdminOnly>
);

/** /admin itself: the first admin page. */
export const AdminIndexRedirect = () => <Navigate to={paths.adminApiStatus} replace />;
