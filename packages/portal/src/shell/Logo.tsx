import type { MouseEvent } from 'react';
import { hrefFor, navigate } from '../app/router.js';
import type { LogoMark } from './logos.js';

function Mark({ colors }: { colors: [string, string] }) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M16 3 4 29h24z" fill={colors[0]} />
      <path d="M16 12 10 25h12z" fill={colors[1]} />
    </svg>
  );
}

/** The header's logo(s); the first links home (/sites). */
export function Logo({ marks }: { marks: LogoMark[] }) {
  const [first, ...partners] = marks;
  const goHome = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate('/sites');
  };
  return (
    <span className="logo">
      {first ? (
        <a className="logo-home" href={hrefFor('/sites')} onClick={goHome} data-testid="logo">
          <Mark colors={first.colors} />
          <span>{first.name}</span>
        </a>
      ) : null}
      {partners.map((mark) => (
        <span key={mark.name} className="logo-partner" data-testid="partner-logo">
          <Mark colors={mark.colors} />
          <span>{mark.name}</span>
        </span>
      ))}
    </span>
  );
}
