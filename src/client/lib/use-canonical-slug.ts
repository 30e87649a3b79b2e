import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * An artist merged away keeps its old slug as a redirect (ADR 0026): the API answers with the
 * survivor, whose slug differs from the one in the address. Replace the address (no new history
 * entry) so it shows the survivor's slug, keeping the query and hash.
 */
export function useCanonicalSlug(requested: string, canonical: string | undefined, pathOf: (slug: string) => string) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (canonical && canonical !== requested) void navigate(`${pathOf(canonical)}${search}${hash}`, { replace: true });
  }, [requested, canonical, pathOf, search, hash, navigate]);
}
