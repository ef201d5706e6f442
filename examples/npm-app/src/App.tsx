// The app: Varde's session element to sign in, and the user's sites once signed in. The elements are
// written in JSX like any HTML element; @varde/widgets' JSX typings check their props and event handlers.
import { useState } from 'react';
import type { SessionChangeDetail } from '@varde/widgets';

export function App() {
  const [user, setUser] = useState<SessionChangeDetail['user']>(null);
  return (
    <>
      <header>
        <h1>My building app</h1>
        <varde-session signIn="password" onvarde-session-change={(event) => setUser(event.detail.user)} />
      </header>
      <main>
        <p data-testid="greeting">{user ? `Signed in as ${user.name} (${user.role}).` : 'Sign in to see your sites.'}</p>
        {user ? <varde-site-list list="controllers" siteHref="#site={uuid}" /> : null}
      </main>
    </>
  );
}
