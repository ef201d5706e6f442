import { useEffect } from 'react';
import { navigate } from '../app/router.js';
import { landingFor } from '../app/pageAccess.js';
import { useSession } from '../app/useSession.js';

/** `/` (and any unknown path): the first page this user may open — sites, else alarms, … else account settings. */
export function LandingPage() {
  const user = useSession().user;
  useEffect(() => {
    if (user) navigate(landingFor(user), { replace: true });
  }, [user]);
  return null;
}
