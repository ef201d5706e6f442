/** The customer flavor's contact details for the login page footer (not translated). */
export const CUSTOMER_CONTACT = {
  phone: '+47 22 00 40 00',
  email: 'support@varde.cloud',
  website: 'https://varde.cloud',
  social: [
    { name: 'LinkedIn', href: 'https://www.linkedin.com/company/varde-cloud', icon: 'linkedin' },
    { name: 'Facebook', href: 'https://www.facebook.com/vardecloud', icon: 'facebook' },
    { name: 'YouTube', href: 'https://www.youtube.com/@vardecloud', icon: 'youtube' },
  ],
} as const;

export type SocialIcon = (typeof CUSTOMER_CONTACT.social)[number]['icon'];
