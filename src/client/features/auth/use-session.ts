export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
}

export interface Session {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
}

const SIGNED_OUT: Session = { status: 'signed-out', user: null };

/**
 * The one place the UI learns who is signed in. Accounts arrive in a later issue, which
 * replaces this body; until then every visitor is signed out.
 */
export function useSession(): Session {
  return SIGNED_OUT;
}
