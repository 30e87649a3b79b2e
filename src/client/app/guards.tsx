import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/lib/paths.ts';
import { sessionJustEndedHere } from '#client/lib/session/session.ts';
import { useSession } from '#client/lib/session/use-session.ts';

const Checking = () => <Spinner label="Loading..." className="min-h-[60vh] py-24" />;

/**
 * Pages of signed-in users: visitors go to /auth (the history entry is replaced). Someone who just
 * signed out here is on their way home already and is not sent to the login page.
 */
export const SignedInOnly = () => {
  const { status } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'signed-out') navigate(sessionJustEndedHere() ? paths.home : paths.signIn, { replace: true });
  }, [status, navigate]);
  return status === 'signed-in' ? <Outlet /> : <Checking />;
};

/**
 * Admin pages (spec section 4): a spinner while checking, then the page for admins; anyone else,
 * signed in or not, is sent to / replacing the history entry. The server checks every admin call too.
 */
export const AdminOnly = () => {
  const { status, user } = useSession();
  const navigate = useNavigate();
  const isAdmin = user?.isAdmin === true;
  useEffect(() => {
    if (status !== 'loading' && !isAdmin) navigate(paths.home, { replace: true });
  }, [status, isAdmin, navigate]);
  return isAdmin ? <Outlet /> : <Checking />;
};
