/** Hand-drawn SVG pictures for the login page (no downloaded assets). */

export function BuildingCloudIllustration(props: { label: string }) {
  return (
    <svg className="illustration" viewBox="0 0 240 160" role="img" aria-label={props.label}>
      <rect width="240" height="160" rx="14" fill="var(--login-illustration-bg)" />
      <path
        d="M150 52a22 22 0 0 1 42 6 16 16 0 0 1-2 32h-52a18 18 0 0 1 12-38z"
        fill="#ffffff"
        stroke="var(--login-accent)"
        strokeWidth="3"
      />
      <path d="M164 92v18M164 110h-54" fill="none" stroke="var(--login-accent)" strokeWidth="3" strokeDasharray="6 5" />
      <rect x="40" y="46" width="70" height="94" rx="4" fill="var(--login-primary)" />
      <rect x="60" y="30" width="30" height="16" rx="2" fill="var(--login-primary-dark)" />
      {[0, 1, 2, 3].map((row) =>
        [0, 1, 2].map((column) => (
          <rect
            key={`${row}-${column}`}
            x={50 + column * 18}
            y={56 + row * 18}
            width="12"
            height="10"
            rx="1.5"
            fill={(row + column) % 3 === 0 ? 'var(--login-accent)' : '#dbeff1'}
          />
        )),
      )}
      <rect x="66" y="122" width="18" height="18" fill="#dbeff1" />
      <circle cx="110" cy="110" r="5" fill="var(--login-accent)" />
      <path d="M16 140h208" stroke="var(--login-primary-dark)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function DashboardIllustration(props: { label: string }) {
  return (
    <svg className="illustration" viewBox="0 0 240 160" role="img" aria-label={props.label}>
      <rect width="240" height="160" rx="14" fill="var(--login-illustration-bg)" />
      <rect x="24" y="22" width="192" height="116" rx="8" fill="#ffffff" stroke="var(--login-primary)" strokeWidth="3" />
      <path d="M24 42h192" stroke="var(--login-primary)" strokeWidth="3" />
      <circle cx="36" cy="32" r="3" fill="#e05a47" />
      <circle cx="46" cy="32" r="3" fill="var(--login-accent)" />
      <circle cx="56" cy="32" r="3" fill="#4caf7a" />
      <path
        d="M38 112l22-24 18 12 22-30 20 18 22-26 24 16"
        fill="none"
        stroke="var(--login-primary)"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M38 124h140" stroke="#dbeff1" strokeWidth="3" />
      <rect x="180" y="56" width="26" height="12" rx="3" fill="#e05a47" />
      <rect x="180" y="74" width="26" height="12" rx="3" fill="var(--login-accent)" />
      <rect x="180" y="92" width="26" height="12" rx="3" fill="#4caf7a" />
    </svg>
  );
}

/** Small monochrome social icons (simplified shapes, drawn here). */
export function SocialIconSvg(props: { icon: 'linkedin' | 'facebook' | 'youtube' }) {
  const common = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  if (props.icon === 'linkedin') {
    return (
      <svg {...common}>
        <rect x="2" y="2" width="20" height="20" rx="4" fill="currentColor" />
        <rect x="6" y="10" width="3" height="8" fill="var(--login-footer-bg)" />
        <circle cx="7.5" cy="7" r="1.8" fill="var(--login-footer-bg)" />
        <path d="M11 10h3v1.4c.6-1 1.7-1.6 3-1.6 2 0 3 1.3 3 3.6V18h-3v-4.2c0-1-.4-1.6-1.3-1.6s-1.7.6-1.7 1.7V18h-3z" fill="var(--login-footer-bg)" />
      </svg>
    );
  }
  if (props.icon === 'facebook') {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M13.2 20v-6h2.2l.4-2.7h-2.6V9.7c0-.8.3-1.3 1.4-1.3h1.3V6a17 17 0 0 0-2-.1c-2 0-3.3 1.2-3.3 3.4v2H8.4V14h2.2v6z" fill="var(--login-footer-bg)" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
      <path d="M10 9v6l5-3z" fill="var(--login-footer-bg)" />
    </svg>
  );
}
